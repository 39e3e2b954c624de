// A story's uploaded photos and short movies. Photos are <picture> with AVIF and WebP srcsets by width and the
// column's sizes, movies a <video> with its poster; both carry width and height so nothing moves while they load.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoryLivingThingRef, StoryMediaDto, StoryPicture } from '../../../../common/dto/story';

/** The story column: 720 px at most, the page's 16 px padding on each side below that. */
export const STORY_IMAGE_SIZES = '(min-width: 752px) 720px, calc(100vw - 32px)';

function Picture({ picture, alt, eager }: { picture: StoryPicture; alt: string; eager: boolean }) {
  return (
    <picture>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={STORY_IMAGE_SIZES} />
      ))}
      <img
        src={picture.src}
        alt={alt}
        width={picture.width}
        height={picture.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        // A tall photo is held to 80% of the screen's height, its width following its aspect ratio.
        style={
          picture.height > picture.width ? { maxWidth: `calc(80vh * ${picture.width / picture.height})` } : undefined
        }
        // The first picture is the largest content of the page.
        fetchPriority={eager ? 'high' : undefined}
      />
    </picture>
  );
}

function smallestPoster(p: StoryPicture): string {
  const webp = p.sources.find((s) => s.type === 'image/webp');
  const urls = webp?.srcset.split(', ').map((x) => x.split(' ')[0] as string) ?? [];
  // The poster is shown at the column's width: the 960 px variant (second) is enough for 2x phones.
  return urls[1] ?? urls[0] ?? p.src;
}

export function StoryMediaList({ media }: { media: StoryMediaDto[] }) {
  const { t } = useTranslation();
  if (media.length === 0) return null;
  return (
    <div className="story__media" data-testid="story-media">
      {media.map((m, i) =>
        m.kind === 'photo' ? (
          <figure key={m.id}>
            <Picture picture={m} alt={m.alt} eager={i === 0} />
          </figure>
        ) : (
          <figure key={m.id}>
            {/* biome-ignore lint/a11y/useMediaCaption: staff upload no caption files yet; the alt text describes the movie in the figcaption */}
            <video
              controls
              playsInline
              preload="none"
              poster={smallestPoster(m.poster)}
              width={m.poster.width}
              height={m.poster.height}
              aria-label={m.alt}
            >
              <source src={m.src} type={m.type} />
            </video>
            <figcaption>
              {m.alt} · {t('catalogue.story.seconds', { count: Math.round(m.durationSeconds) })}
            </figcaption>
          </figure>
        ),
      )}
    </div>
  );
}

export function StoryAnimals({ animals }: { animals: StoryLivingThingRef[] }) {
  const { t } = useTranslation();
  if (animals.length === 0) return null;
  return (
    <section aria-labelledby="story-animals" className="story__animals">
      <h2 id="story-animals" className="section-title">
        {t('catalogue.story.animals')}
      </h2>
      <ul>
        {animals.map((a) => (
          <li key={a.id}>
            <Link to={`/profile/park-living-thing/${a.id}`} className="story__animal-chip">
              <img src={a.imageUrl} alt="" width="40" height="40" loading="lazy" />
              <span>{a.nickname}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
