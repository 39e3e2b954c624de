import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LivingThingSummary, ParkLivingThingSummary } from '../../../../common/dto/livingThing';
import type { StorySummary } from '../../../../common/dto/story';
import { NO_STORIES } from '../../../../common/emptyStates';
import { formatDate } from './format';

export function LivingThingCard({ thing }: { thing: LivingThingSummary }) {
  const { t } = useTranslation();
  return (
    <article className="card lt-card" data-testid="living-thing-card">
      <Link to={`/profile/living-thing/${thing.id}`} className="card__link">
        <img
          className="card__image lt-card__image"
          src={thing.imageUrl}
          alt=""
          loading="lazy"
          width="400"
          height="300"
        />
        <div className="card__body">
          {thing.group && (
            <p className="card__eyebrow">
              <span className="badge">{thing.group.name}</span>
            </p>
          )}
          <h3 className="card__title">{thing.name}</h3>
          <p className="card__meta card__meta--muted">{thing.classification}</p>
          <p className="card__meta">
            {thing.parkCount > 0
              ? t('catalogue.livingThing.keptIn', { count: thing.parkCount })
              : t('catalogue.livingThing.notKept')}
          </p>
        </div>
      </Link>
    </article>
  );
}

export function AnimalChip({ animal }: { animal: ParkLivingThingSummary }) {
  return (
    <li>
      <Link to={`/profile/park-living-thing/${animal.id}`} className="animal-chip" data-testid="park-animal">
        <img src={animal.imageUrl} alt="" width="56" height="42" loading="lazy" />
        <span className="animal-chip__text">
          <strong>{animal.nickname}</strong>
          <small>
            {animal.livingThing.name}・{animal.park.name}
          </small>
        </span>
      </Link>
    </li>
  );
}

/** A compact list of stories (title, picture, date) linking to each story. */
export function StoryLinks({ stories }: { stories: StorySummary[] }) {
  const { t, i18n } = useTranslation();
  if (stories.length === 0) {
    return <p className="empty-state">{NO_STORIES[i18n.language === 'en' ? 'en' : 'ja']}</p>;
  }
  return (
    <ul className="story-links">
      {stories.map((s) => (
        <li key={s.id}>
          <Link to={`/story/${s.id}`} className="story-link" data-testid="story-link">
            <span className="story-link__thumb">
              <img src={s.imageUrl} alt="" width="96" height="72" loading="lazy" />
              {s.kind === 'short_movie' && (
                <span className="story-link__play">
                  <span className="visually-hidden">{t('catalogue.story.movie')}</span>
                </span>
              )}
            </span>
            <span className="story-link__text">
              <strong>{s.title}</strong>
              <small>
                <time dateTime={s.publishedAt}>{formatDate(s.publishedAt, i18n.language)}</time>・{s.parkUser.name}
              </small>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
