import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StoryDetail } from '../../../../common/dto/story';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { Paragraphs } from '../../lib/components/Paragraphs';
import { QueryState } from '../../lib/components/QueryState';
import { formatStoryDate, LikeButton, StoryCard } from './components';
import { MoviePlayer } from './MoviePlayer';
import { StoryAnimals, StoryMediaList } from './StoryMedia';
import { useCountStoryViewMutation, useGetStoryByLinkQuery, useGetStoryQuery, useListStoriesQuery } from './storiesApi';

function MoreFromAuthor({ story }: { story: StoryDetail }) {
  const { t } = useTranslation();
  const { data } = useListStoriesQuery({ park_user_id: story.parkUser.id, per_page: 5 });
  const others = data?.data.filter((s) => s.id !== story.id).slice(0, 4) ?? [];
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="story-more">
      <div className="section-head">
        <h2 id="story-more" className="section-title">
          {t('catalogue.story.moreFromAuthor', { name: story.parkUser.name })}
        </h2>
        <Link to={`/profile/park-user/${story.parkUser.id}`}>{t('catalogue.common.seeAll')}</Link>
      </div>
      <div className="card-grid">
        {others.map((s) => (
          <StoryCard key={s.id} story={s} />
        ))}
      </div>
    </section>
  );
}

function Story({ story }: { story: StoryDetail }) {
  const { t, i18n } = useTranslation();
  const [countView] = useCountStoryViewMutation();
  // One view per opened story (the server also counts a visitor once per 10 minutes); a failure is harmless.
  useEffect(() => {
    countView(story.id).catch(() => undefined);
  }, [countView, story.id]);
  const movie = story.kind === 'short_movie' && story.videoUrl;
  return (
    <div className="stack stack--lg">
      <article className="story" data-testid="story">
        <header className="story__head">
          <p className="card__eyebrow">
            <Link to={`/profile/park/${story.park.id}`}>{story.park.name}</Link>
            <time dateTime={story.publishedAt}>{formatStoryDate(story.publishedAt, i18n.language)}</time>
          </p>
          <h1 className="page-title">{story.title}</h1>
          <Link to={`/profile/park-user/${story.parkUser.id}`} className="author" data-testid="story-author">
            <img src={story.parkUser.iconUrl} alt="" width="40" height="40" />
            <span className="author__text">
              <strong>{story.parkUser.name}</strong>
              <small>{story.parkUser.role}</small>
            </span>
          </Link>
        </header>
        {story.previewStatus && (
          <p className="notice" role="status" data-testid="story-preview-notice">
            {t('catalogue.story.previewNotice', { status: t(`catalogue.story.previewStatus.${story.previewStatus}`) })}
          </p>
        )}
        {story.isPrivate && <p className="notice">{t('catalogue.story.privateNotice')}</p>}

        {story.media.length > 0 ? (
          <StoryMediaList media={story.media} />
        ) : movie ? (
          <MoviePlayer src={story.videoUrl as string} title={story.title} durationSeconds={story.durationSeconds} />
        ) : (
          story.images.length > 0 && (
            <div className="story__images" data-testid="story-images">
              {story.images.map((img) => (
                <figure key={img.url}>
                  <img src={img.url} alt={img.caption} width="400" height="300" loading="lazy" />
                  <figcaption>{img.caption}</figcaption>
                </figure>
              ))}
            </div>
          )
        )}

        <div className="story__body">
          <Paragraphs text={story.body} />
        </div>

        {story.livingThings.length > 1 && <StoryAnimals animals={story.livingThings} />}
        {story.livingThings.length <= 1 && (story.parkLivingThing || story.livingThing) && (
          <p className="story__animal">
            <span className="muted">{t('catalogue.story.animal')}: </span>
            {story.parkLivingThing && (
              <Link to={`/profile/park-living-thing/${story.parkLivingThing.id}`}>
                {story.parkLivingThing.nickname}
              </Link>
            )}
            {story.parkLivingThing && story.livingThing && ' / '}
            {story.livingThing && (
              <Link to={`/profile/living-thing/${story.livingThing.id}`}>{story.livingThing.name}</Link>
            )}
          </p>
        )}

        {!story.isPrivate && (
          <footer className="story__actions">
            <LikeButton storyId={story.id} likeCount={story.likeCount} />
            <span className="muted">{t('catalogue.story.views', { count: story.viewCount })}</span>
          </footer>
        )}
      </article>
      {!story.isPrivate && <MoreFromAuthor story={story} />}
    </div>
  );
}

/** /story/:id: a public story. */
export default function StoryPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id < 2_147_483_647;
  const { data, isLoading, error } = useGetStoryQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <Story story={data.data} />}
    </QueryState>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /private/story/:id: the id is the story's link id (how private stories are shared). */
export function PrivateStoryPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const { data, isLoading, error } = useGetStoryByLinkQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <Story story={data.data} />}
    </QueryState>
  );
}
