// The story editor's photos and short movies (upload with alt text in ja, required, and en; change alt text;
// remove) and the park's animals the story links to. The server judges files by content and re-encodes photos;
// the checks here only spare a long upload that would be refused (size).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffStory, StaffStoryMedia } from '../../../../common/dto/staff';
import {
  errorMessage,
  useAddMovieMutation,
  useAddPhotoMutation,
  useDeleteMediaMutation,
  useParkAnimalsQuery,
  useUpdateMediaMutation,
} from './backOfficeApi';

const MB = 1024 * 1024;
const PHOTO_MAX = 10 * MB;
const MOVIE_MAX = 50 * MB;
const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
const MOVIE_ACCEPT = 'video/mp4,video/webm,.mp4,.webm';

function Thumb({ media }: { media: StaffStoryMedia }) {
  const picture = media.kind === 'photo' ? media : media.poster;
  const small = picture.sources.find((s) => s.type === 'image/webp')?.srcset.split(' ')[0] ?? picture.src;
  return (
    <img
      className="office-media__thumb"
      src={small}
      alt=""
      width={96}
      height={Math.round((96 * picture.height) / Math.max(1, picture.width))}
    />
  );
}

function MediaRow({ parkId, storyId, media }: { parkId: number; storyId: number; media: StaffStoryMedia }) {
  const { t } = useTranslation();
  const [altJa, setAltJa] = useState(media.altJa);
  const [altEn, setAltEn] = useState(media.altEn ?? '');
  const [update, updated] = useUpdateMediaMutation();
  const [remove, removed] = useDeleteMediaMutation();
  const problem = updated.error ?? removed.error;
  const ids = { parkId, id: storyId, mediaId: media.id };
  return (
    <li className="office-media__row" data-testid="media-row">
      <Thumb media={media} />
      <form
        className="office-media__fields"
        onSubmit={(e) => {
          e.preventDefault();
          void update({ ...ids, alt_ja: altJa, alt_en: altEn }).catch(() => {});
        }}
      >
        <p className="muted">
          {media.kind === 'photo'
            ? t('backOffice.media.photoInfo', { width: media.width, height: media.height })
            : t('backOffice.media.movieInfo', { seconds: Math.round(media.durationSeconds) })}
        </p>
        <label>
          {t('backOffice.media.altJa')} {t('backOffice.required')}
          <input
            type="text"
            className="input"
            value={altJa}
            onChange={(e) => setAltJa(e.target.value)}
            required
            maxLength={300}
          />
        </label>
        <label>
          {t('backOffice.media.altEn')}
          <input
            type="text"
            className="input"
            value={altEn}
            onChange={(e) => setAltEn(e.target.value)}
            maxLength={300}
          />
        </label>
        {problem && (
          <p className="notice" role="alert">
            {errorMessage(problem) ?? t('backOffice.failed')}
          </p>
        )}
        <div className="office-actions">
          <button type="submit" className="button button--small">
            {t('backOffice.media.saveAlt')}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => void remove(ids).catch(() => {})}
            data-testid="media-remove"
          >
            {t('backOffice.remove')}
          </button>
        </div>
      </form>
    </li>
  );
}

function AltInputs({
  prefix,
  altJa,
  altEn,
  setAltJa,
  setAltEn,
}: {
  prefix: string;
  altJa: string;
  altEn: string;
  setAltJa: (v: string) => void;
  setAltEn: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-alt-ja`}>
          {t('backOffice.media.altJa')} {t('backOffice.required')}
        </label>
        <input
          type="text"
          id={`${prefix}-alt-ja`}
          className="input"
          value={altJa}
          onChange={(e) => setAltJa(e.target.value)}
          required
          maxLength={300}
          data-testid={`${prefix}-alt-ja`}
        />
        <p className="field-hint">{t('backOffice.media.altHint')}</p>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-alt-en`}>{t('backOffice.media.altEn')}</label>
        <input
          type="text"
          id={`${prefix}-alt-en`}
          className="input"
          value={altEn}
          onChange={(e) => setAltEn(e.target.value)}
          maxLength={300}
        />
      </div>
    </>
  );
}

function AddPhoto({ parkId, storyId }: { parkId: number; storyId: number }) {
  const { t } = useTranslation();
  const [add, state] = useAddPhotoMutation();
  const [file, setFile] = useState<File | null>(null);
  const [altJa, setAltJa] = useState('');
  const [altEn, setAltEn] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setLocal(t('backOffice.media.chooseFile'));
    if (file.size > PHOTO_MAX) return setLocal(t('backOffice.media.photoTooLarge'));
    setLocal(null);
    try {
      await add({ parkId, id: storyId, photo: file, alt_ja: altJa, alt_en: altEn }).unwrap();
      setFile(null);
      setAltJa('');
      setAltEn('');
      setFormKey((k) => k + 1);
    } catch {
      // Shown from state.error.
    }
  };
  const problem = local ?? (state.error ? (errorMessage(state.error) ?? t('backOffice.failed')) : null);
  return (
    <form key={formKey} className="stack office-media__add" onSubmit={(e) => void submit(e)} data-testid="photo-form">
      <h4>{t('backOffice.media.addPhoto')}</h4>
      <div className="field">
        <label htmlFor="photo-file">{t('backOffice.media.photoFile')}</label>
        <input
          id="photo-file"
          type="file"
          accept={PHOTO_ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="photo-file"
        />
        <p className="field-hint">{t('backOffice.media.photoHint')}</p>
      </div>
      <AltInputs prefix="photo" altJa={altJa} altEn={altEn} setAltJa={setAltJa} setAltEn={setAltEn} />
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={state.isLoading} data-testid="photo-upload">
        {state.isLoading ? t('backOffice.media.uploading') : t('backOffice.media.upload')}
      </button>
    </form>
  );
}

function AddMovie({ parkId, storyId }: { parkId: number; storyId: number }) {
  const { t } = useTranslation();
  const [add, state] = useAddMovieMutation();
  const [movie, setMovie] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [altJa, setAltJa] = useState('');
  const [altEn, setAltEn] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!movie || !poster) return setLocal(t('backOffice.media.chooseMovie'));
    if (movie.size > MOVIE_MAX) return setLocal(t('backOffice.media.movieTooLarge'));
    if (poster.size > PHOTO_MAX) return setLocal(t('backOffice.media.photoTooLarge'));
    setLocal(null);
    try {
      await add({ parkId, id: storyId, movie, poster, alt_ja: altJa, alt_en: altEn }).unwrap();
      setMovie(null);
      setPoster(null);
      setAltJa('');
      setAltEn('');
      setFormKey((k) => k + 1);
    } catch {
      // Shown from state.error.
    }
  };
  const problem = local ?? (state.error ? (errorMessage(state.error) ?? t('backOffice.failed')) : null);
  return (
    <form key={formKey} className="stack office-media__add" onSubmit={(e) => void submit(e)} data-testid="movie-form">
      <h4>{t('backOffice.media.addMovie')}</h4>
      <div className="field">
        <label htmlFor="movie-file">{t('backOffice.media.movieFile')}</label>
        <input
          id="movie-file"
          type="file"
          accept={MOVIE_ACCEPT}
          onChange={(e) => setMovie(e.target.files?.[0] ?? null)}
        />
        <p className="field-hint">{t('backOffice.media.movieHint')}</p>
      </div>
      <div className="field">
        <label htmlFor="poster-file">{t('backOffice.media.posterFile')}</label>
        <input
          id="poster-file"
          type="file"
          accept={PHOTO_ACCEPT}
          onChange={(e) => setPoster(e.target.files?.[0] ?? null)}
        />
      </div>
      <AltInputs prefix="movie" altJa={altJa} altEn={altEn} setAltJa={setAltJa} setAltEn={setAltEn} />
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={state.isLoading}>
        {state.isLoading ? t('backOffice.media.uploading') : t('backOffice.media.upload')}
      </button>
    </form>
  );
}

/** Photos and movies of a saved story. */
export function StoryMediaEditor({ parkId, story }: { parkId: number; story: StaffStory }) {
  const { t } = useTranslation();
  return (
    <section className="stack office-media" aria-labelledby="office-media-title" data-testid="story-media-editor">
      <h3 id="office-media-title">{t('backOffice.media.title')}</h3>
      {story.media.length === 0 ? (
        <p className="muted">{t('backOffice.media.none')}</p>
      ) : (
        <ul className="office-media__list">
          {story.media.map((m) => (
            <MediaRow key={`${m.id}:${m.altJa}:${m.altEn}`} parkId={parkId} storyId={story.id} media={m} />
          ))}
        </ul>
      )}
      <div className="office-media__adders">
        <AddPhoto parkId={parkId} storyId={story.id} />
        <AddMovie parkId={parkId} storyId={story.id} />
      </div>
    </section>
  );
}

/** The park's animals to link the story to, in the order they are ticked. */
export function AnimalPicker({
  parkId,
  value,
  onChange,
}: {
  parkId: number;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const { data: animals } = useParkAnimalsQuery(parkId);
  if (!animals?.length) return null;
  return (
    <fieldset className="office-animals" data-testid="animal-picker">
      <legend>{t('backOffice.animals')}</legend>
      <ul>
        {animals.map((a) => {
          const on = value.includes(a.id);
          return (
            <li key={a.id}>
              <label className="office-animal">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() => onChange(on ? value.filter((v) => v !== a.id) : [...value, a.id])}
                />
                <img src={a.imageUrl} alt="" width="32" height="32" loading="lazy" />
                <span>
                  {a.nickname} <small className="muted">{a.livingThing.name}</small>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
