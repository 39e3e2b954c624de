import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { FollowTarget } from '../../../../common/dto/library';
import type { LivingThingSummary, ParkLivingThingSummary } from '../../../../common/dto/livingThing';
import type { StorySummary } from '../../../../common/dto/story';
import { MESSAGES } from '../../../../common/messages';
import { useAppSelector } from '../../app/store';
import { formatDate } from './format';
import { useLivingThingFollowMutation, useLivingThingFollowStatusQuery } from './livingThingsApi';

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
    return <p className="empty-state">{MESSAGES.noStories[i18n.language === 'en' ? 'en' : 'ja']}</p>;
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

/**
 * Follow button of a profile. Guests are sent to /user-registration; signed-in users see their follow state
 * (a per-user call, never part of the cached public profile) and toggle it.
 */
export function FollowButton({
  targetType,
  targetId,
  name,
}: {
  targetType: FollowTarget;
  targetId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const args = { targetType, targetId };
  const status = useLivingThingFollowStatusQuery(args, { skip: !user });
  const [toggle, result] = useLivingThingFollowMutation();
  const [failed, setFailed] = useState(false);
  const following = status.data?.data.following ?? false;
  const onClick = async () => {
    if (!user) {
      navigate('/user-registration');
      return;
    }
    setFailed(false);
    try {
      await toggle({ ...args, following: !following }).unwrap();
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="follow">
      <button
        type="button"
        className={
          following ? 'button button--small follow-button is-on' : 'button button--small button--primary follow-button'
        }
        aria-pressed={following}
        aria-label={t(following ? 'catalogue.common.unfollowLabel' : 'catalogue.common.followLabel', { name })}
        disabled={result.isLoading || status.isFetching}
        onClick={onClick}
        data-testid="follow-button"
      >
        {following ? t('catalogue.common.following') : t('catalogue.common.follow')}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t('catalogue.common.actionFailed')}
        </p>
      )}
    </div>
  );
}

export function Pager({
  page,
  totalPages,
  link,
}: {
  page: number;
  totalPages: number;
  link: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const label = t('catalogue.common.page', { page, total: totalPages });
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && <Link to={link(page - 1)}>{t('catalogue.common.previous')}</Link>}
      <span>{label}</span>
      {page < totalPages && <Link to={link(page + 1)}>{t('catalogue.common.next')}</Link>}
    </nav>
  );
}

/** Text with paragraphs separated by blank lines. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text split
          <p key={i}>{p}</p>
        ))}
    </>
  );
}
