import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './searchParams';
import { isInlineableMovie, sanitizeSvg } from './svg';

const reducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A 9:16 player for short movies (animated SVG). Plays on open (paused when the visitor prefers reduced motion);
 * the button toggles the `movie--paused` class, which pauses CSS animations, and pauses the SVG's own (SMIL)
 * animations on the inlined file. Until the file is inlined, or when it cannot be, an <img> plays it.
 */
export function MoviePlayer({
  src,
  title,
  durationSeconds,
}: {
  src: string;
  title: string;
  durationSeconds: number | null;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(() => !reducedMotion());
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const screen = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setSvg(null);
    if (!isInlineableMovie(src)) return;
    const controller = new AbortController();
    fetch(src, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((text) => {
        const el = sanitizeSvg(text);
        if (el) setSvg(el);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [src]);

  // The inlined SVG lives in a container React never renders children into.
  useEffect(() => {
    const box = screen.current;
    if (!box || !svg) return;
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    box.replaceChildren(svg);
    return () => {
      box.replaceChildren();
    };
  }, [svg]);

  useEffect(() => {
    if (!svg) return;
    if (playing) svg.unpauseAnimations();
    else svg.pauseAnimations();
  }, [svg, playing]);

  const time = durationSeconds ? formatDuration(durationSeconds) : null;
  return (
    <figure className={playing ? 'movie' : 'movie movie--paused'} data-testid="movie-player">
      <div className="movie__frame" role="img" aria-label={t('catalogue.story.moviePlayer', { title })}>
        <div ref={screen} className="movie__screen" />
        {!svg && <img className="movie__fallback" src={src} alt="" width="360" height="640" />}
      </div>
      <button
        type="button"
        className="movie__toggle"
        aria-pressed={!playing}
        aria-label={playing ? t('catalogue.story.pause') : t('catalogue.story.play')}
        onClick={() => setPlaying((p) => !p)}
        data-testid="movie-toggle"
      >
        <span
          className={playing ? 'movie__icon movie__icon--pause' : 'movie__icon movie__icon--play'}
          aria-hidden="true"
        />
      </button>
      {time && (
        <span className="movie__duration">
          <span aria-hidden="true">{t('catalogue.story.duration', { time })}</span>
          <span className="visually-hidden">{t('catalogue.story.durationLabel', { time })}</span>
        </span>
      )}
    </figure>
  );
}
