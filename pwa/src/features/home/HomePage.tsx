import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../../common/dto/api';
import type { ItemSummary } from '../../../../common/dto/item';
import type { ParkSummary } from '../../../../common/dto/park';
import type { StorySummary } from '../../../../common/dto/story';
import type { Locale } from '../../../../common/enums';
import { PREFECTURES, prefectureById, REGIONS } from '../../../../common/reference';
import { useAppSelector } from '../../app/store';
import { api } from '../../lib/api';
import { Icon } from '../../lib/components/Icon';
import { QueryState } from '../../lib/components/QueryState';
import { HOME_QUERIES } from '../../lib/earlyData';
import { useStagedParts } from '../../lib/firstPage';
import { formatYen } from '../../lib/format';
import { parkListApi, useListParksQuery } from '../../lib/parks';
import { withPrefetch } from '../../lib/prefetch';
import { useLocale } from '../../lib/useLocale';

// The home page binds its own endpoints (features do not import each other); their queries are the ones the preload
// entry starts on a first visit (lib/earlyData.ts).
const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeOnSale: build.query<Paged<ItemSummary>, void>({
      query: () => HOME_QUERIES.onSale,
      providesTags: ['Item'],
    }),
    homeStories: build.query<Paged<StorySummary>, 'populars' | 'movies'>({
      query: (list) => HOME_QUERIES[list],
      providesTags: ['Story'],
    }),
  }),
});

/** The first tiles of the first row are the largest paint of the page: loaded at once, the first one first. */
const imageLoading = (index: number, first: boolean) =>
  first && index < 2
    ? ({ loading: 'eager', fetchPriority: index === 0 ? 'high' : 'auto' } as const)
    : ({ loading: 'lazy' } as const);

/** A row's place while its data comes: the same tiles, empty, so nothing below moves when it arrives. */
function TileRowSkeleton({ kind }: { kind: 'park' | 'story' | 'movie' }) {
  const { t } = useTranslation();
  const list = kind === 'park' ? 'park-tiles' : kind === 'movie' ? 'story-tiles story-tiles--movies' : 'story-tiles';
  const tile = kind === 'park' ? 'park-tile' : kind === 'movie' ? 'story-tile story-tile--movie' : 'story-tile';
  return (
    <ul className={`${list} tiles--skeleton`} aria-busy="true" aria-label={t('app.loading')}>
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <div className={tile}>
            <span className="tile-skeleton__image" />
            <span className={kind === 'park' ? 'park-tile__kind' : 'story-tile__title'}>&nbsp;</span>
            <span className={kind === 'park' ? 'park-tile__name' : 'story-tile__meta'}>&nbsp;</span>
            {kind === 'park' && <span className="park-tile__place">&nbsp;</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}

// The tiles take the page's `t` and locale instead of calling the hooks themselves: a row is 8 to 24 tiles, and each
// hook call subscribes to language changes of its own.
function ParkTile({
  park,
  t,
  index = 0,
  first = false,
}: {
  park: ParkSummary;
  t: TFunction;
  index?: number;
  first?: boolean;
}) {
  return (
    <li>
      <Link to={`/profile/park/${park.id}`} className="park-tile" data-testid="home-park">
        <img src={park.imageUrl} alt="" width="320" height="180" {...imageLoading(index, first)} />
        <span className="park-tile__kind">{t(`parks.${park.kind}`)}</span>
        <span className="park-tile__name">{park.name}</span>
        <span className="park-tile__place">{park.prefecture.name}</span>
      </Link>
    </li>
  );
}

function ItemTile({ item, index, t, locale }: { item: ItemSummary; index: number; t: TFunction; locale: Locale }) {
  const yen = (n: number) => formatYen(n, locale);
  return (
    <li>
      <Link to={`/items/${item.id}`} className="park-tile" data-testid="home-item">
        <img src={item.imageUrl} alt="" width="320" height="180" {...imageLoading(index, true)} />
        <span className="park-tile__kind">{item.park.name}</span>
        <span className="park-tile__name">{item.name}</span>
        <span className="park-tile__place">
          {!item.priceTo
            ? t('home.free')
            : item.priceFrom === item.priceTo
              ? yen(item.priceTo)
              : t('home.priceRange', { from: yen(item.priceFrom ?? 0), to: yen(item.priceTo) })}
        </span>
      </Link>
    </li>
  );
}

function StoryTile({ story, t, movie }: { story: StorySummary; t: TFunction; movie?: boolean }) {
  return (
    <li>
      <Link
        to={`/story/${story.id}`}
        className={movie ? 'story-tile story-tile--movie' : 'story-tile'}
        data-testid="home-story"
      >
        {/* A still, never the movie itself: an animated picture repaints the page's main thread every frame. */}
        <img src={story.imageUrl} alt="" loading="lazy" width={movie ? 180 : 320} height={movie ? 320 : 240} />
        {movie && story.durationSeconds !== null && (
          <span className="story-tile__badge">{t('home.seconds', { count: story.durationSeconds })}</span>
        )}
        <span className="story-tile__title">{story.title}</span>
        <span className="story-tile__meta">
          {story.park.name} · <Icon name="heart" size={12} />
          <span className="visually-hidden">{t('home.likes')}</span> {story.likeCount}
        </span>
      </Link>
    </li>
  );
}

function Section({
  id,
  title,
  more,
  later,
  children,
}: {
  id: string;
  title: string;
  more?: string;
  /** Below the first screen: rendered (and its pictures loaded) only as it comes near. */
  later?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className={later ? 'home-section--later' : undefined}>
      <div className="section-head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {more && <Link to={more}>{t('home.seeAll')}</Link>}
      </div>
      {children}
    </section>
  );
}

function HomePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const en = locale === 'en';
  const user = useAppSelector((s) => s.session.user);
  const homePrefecture = user && user.prefecture_id > 0 ? prefectureById(user.prefecture_id) : undefined;
  const parks = useListParksQuery(HOME_QUERIES.parks.params);
  const near = useListParksQuery(
    { ...HOME_QUERIES.parks.params, region_id: homePrefecture?.regionId },
    { skip: !homePrefecture },
  );
  const onSale = homeApi.useHomeOnSaleQuery();
  const populars = homeApi.useHomeStoriesQuery('populars');
  const movies = homeApi.useHomeStoriesQuery('movies');
  const regions = REGIONS.filter((r) => PREFECTURES.some((p) => p.regionId === r.id));
  // The rows below the first screen keep their skeletons (the same size) until the first screen is shown, then
  // come one at a time: their tiles' text and pictures were laid out, painted and requested before the first row's
  // picture (the page's largest paint), and all three at once made one long task.
  const drawn = useStagedParts(3);
  return (
    <div className="stack stack--lg">
      <section className="hero">
        <div className="hero__text">
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroLead')}</p>
          <Link className="button button--primary" to="/find/parks">
            {t('home.searchParks')}
          </Link>
        </div>
        <img className="hero__art" src="/icons/icon.svg" alt="" width="160" height="160" />
      </section>

      {homePrefecture && (
        <Section
          id="home-near"
          title={t('home.nearTitle', { place: en ? homePrefecture.nameEn : homePrefecture.nameJa })}
          more={`/find/parks/result?region_id=${homePrefecture.regionId}`}
        >
          <QueryState isLoading={near.isLoading} error={near.error} placeholder={<TileRowSkeleton kind="park" />}>
            {() => (
              <ul className="park-tiles">
                {near.data?.data.map((p) => (
                  <ParkTile key={p.id} park={p} t={t} />
                ))}
              </ul>
            )}
          </QueryState>
        </Section>
      )}

      <Section id="home-on-sale" title={t('home.onSaleTitle')} more="/find/tickets/result?tab=available">
        <QueryState isLoading={onSale.isLoading} error={onSale.error} placeholder={<TileRowSkeleton kind="park" />}>
          {() => (
            <ul className="park-tiles">
              {onSale.data?.data.map((i, index) => (
                <ItemTile key={i.id} item={i} index={index} t={t} locale={locale} />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>

      <Section later id="home-movies" title={t('home.moviesTitle')} more="/find/stories/result?list=short-movies">
        <QueryState
          isLoading={drawn < 1 || movies.isLoading}
          error={movies.error}
          placeholder={<TileRowSkeleton kind="movie" />}
        >
          {() => (
            <ul className="story-tiles story-tiles--movies">
              {movies.data?.data.map((s) => (
                <StoryTile key={s.id} story={s} t={t} movie />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>

      <Section later id="home-populars" title={t('home.popularTitle')} more="/find/stories/result?list=populars">
        <QueryState
          isLoading={drawn < 2 || populars.isLoading}
          error={populars.error}
          placeholder={<TileRowSkeleton kind="story" />}
        >
          {() => (
            <ul className="story-tiles">
              {populars.data?.data.map((s) => (
                <StoryTile key={s.id} story={s} t={t} />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>

      <Section later id="home-parks" title={t('home.parksTitle')} more="/find/parks/result">
        <QueryState
          isLoading={drawn < 3 || parks.isLoading}
          error={parks.error}
          placeholder={<TileRowSkeleton kind="park" />}
        >
          {() => (
            <ul className="park-tiles">
              {parks.data?.data.map((p) => (
                <ParkTile key={p.id} park={p} t={t} />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>

      <Section id="home-regions" title={t('home.byRegion')}>
        <ul className="region-grid">
          {regions.map((r) => (
            <li key={r.id}>
              <Link className="region-tile" to={`/find/parks/result?region_id=${r.id}`}>
                {en ? r.nameEn : r.nameJa}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

export default withPrefetch(HomePage, ({ dispatch }) =>
  Promise.all([
    dispatch(homeApi.endpoints.homeOnSale.initiate(undefined, { subscribe: false })),
    dispatch(homeApi.endpoints.homeStories.initiate('movies', { subscribe: false })),
    dispatch(homeApi.endpoints.homeStories.initiate('populars', { subscribe: false })),
    dispatch(parkListApi.endpoints.listParks.initiate(HOME_QUERIES.parks.params, { subscribe: false })),
  ]),
);
