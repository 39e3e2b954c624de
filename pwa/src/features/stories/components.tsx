import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { StorySummary } from '../../../../common/dto/story';
import { NO_STORIES } from '../../../../common/emptyStates';
import { useAppSelector } from '../../app/store';
import { Icon } from '../../lib/components/Icon';
import { formatDuration } from './searchParams';
import { useLikeStatusQuery, useSetLikeMutation } from './storiesApi';

export function formatStoryDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ja-JP', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(iso));
}

/** "There are no stories posted yet.": the same text the server uses (common/emptyStates.ts). */
export function NoStories() {
  const { i18n } = useTranslation();
  return (
    <p className="empty-state" data-testid="no-stories">
      {NO_STORIES[i18n.language === 'en' ? 'en' : 'ja']}
    </p>
  );
}

export function StoryCard({ story }: { story: StorySummary }) {
  const { t, i18n } = useTranslation();
  const movie = story.kind === 'short_movie';
  return (
    <article className={movie ? 'card story-card story-card--movie' : 'card story-card'} data-testid="story-card">
      <Link to={`/story/${story.id}`} className="card__link">
        <span className="story-card__media">
          <img className="card__image" src={story.imageUrl} alt="" loading="lazy" width="400" height="300" />
          {movie && (
            <span className="story-card__badge">
              <span className="story-card__play" aria-hidden="true" />
              <span className="visually-hidden">{t('catalogue.story.movie')}</span>
              {story.durationSeconds ? formatDuration(story.durationSeconds) : ''}
            </span>
          )}
        </span>
        <div className="card__body">
          <p className="card__eyebrow">
            <span>{story.park.name}</span>
            {story.livingThing && <span className="badge">{story.livingThing.name}</span>}
          </p>
          <h3 className="card__title">{story.title}</h3>
          <p className="card__meta card__meta--muted story-card__excerpt">{story.excerpt}</p>
          <p className="card__meta story-card__meta">
            <img className="story-card__avatar" src={story.parkUser.iconUrl} alt="" width="24" height="24" />
            <span>{story.parkUser.name}</span>
            <time dateTime={story.publishedAt}>{formatStoryDate(story.publishedAt, i18n.language)}</time>
            <span>
              <span aria-hidden="true">
                <Icon name="heart" size={14} /> {story.likeCount}
              </span>
              <span className="visually-hidden">{t('catalogue.story.likes', { count: story.likeCount })}</span>
            </span>
          </p>
        </div>
      </Link>
    </article>
  );
}

export function StoryGrid({ stories }: { stories: StorySummary[] }) {
  if (stories.length === 0) return <NoStories />;
  return (
    <div className="card-grid">
      {stories.map((s) => (
        <StoryCard key={s.id} story={s} />
      ))}
    </div>
  );
}

/**
 * Like button of a story. Guests go to /user-registration (the spec's 401 flow on story pages); signed-in
 * users see their own like state and the live count, both from a per-user call.
 */
export function LikeButton({ storyId, likeCount }: { storyId: number; likeCount: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const status = useLikeStatusQuery(storyId, { skip: !user });
  const [setLike, result] = useSetLikeMutation();
  const [failed, setFailed] = useState(false);
  const liked = status.data?.data.liked ?? false;
  const count = result.data?.data.likeCount ?? status.data?.data.likeCount ?? likeCount;
  const onClick = async () => {
    if (!user) {
      navigate('/user-registration');
      return;
    }
    setFailed(false);
    try {
      await setLike({ storyId, liked: !liked }).unwrap();
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="like">
      <button
        type="button"
        className={liked ? 'like-button is-on' : 'like-button'}
        aria-pressed={liked}
        disabled={result.isLoading || status.isFetching}
        onClick={onClick}
        data-testid="like-button"
      >
        <Icon name={liked ? 'heart' : 'heartOutline'} size={20} className="like-button__heart" />
        <span>{liked ? t('catalogue.story.liked') : t('catalogue.story.like')}</span>
        <span className="like-button__count" data-testid="like-count">
          {count}
        </span>
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t('catalogue.common.actionFailed')}
        </p>
      )}
    </div>
  );
}
