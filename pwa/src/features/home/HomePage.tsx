import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../../common/dto/api';
import type { ParkSummary } from '../../../../common/dto/park';
import { PREFECTURES, REGIONS } from '../../../../common/reference';
import { api } from '../../lib/api';
import { QueryState } from '../../lib/components/QueryState';

// The home page lists parks through its own endpoint binding: features do not import each other.
const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeParks: build.query<Paged<ParkSummary>, void>({
      query: () => ({ url: '/parks', params: { per_page: 24 } }),
      providesTags: ['Park'],
    }),
  }),
});

function ParkTile({ park }: { park: ParkSummary }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={`/profile/park/${park.id}`} className="park-tile" data-testid="home-park">
        <img src={park.imageUrl} alt="" loading="lazy" width="320" height="180" />
        <span className="park-tile__kind">{t(`parks.${park.kind}`)}</span>
        <span className="park-tile__name">{park.name}</span>
        <span className="park-tile__place">{park.prefecture.name}</span>
      </Link>
    </li>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { data, isLoading, error } = homeApi.useHomeParksQuery();
  const regions = REGIONS.filter((r) => PREFECTURES.some((p) => p.regionId === r.id));
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

      <section aria-labelledby="home-parks">
        <div className="section-head">
          <h2 id="home-parks" className="section-title">
            {t('home.parksTitle')}
          </h2>
          <Link to="/find/parks/result">{t('home.seeAll')}</Link>
        </div>
        <QueryState isLoading={isLoading} error={error}>
          {() => (
            <ul className="park-tiles">
              {data?.data.map((p) => (
                <ParkTile key={p.id} park={p} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>

      <section aria-labelledby="home-regions">
        <h2 id="home-regions" className="section-title">
          {t('home.byRegion')}
        </h2>
        <ul className="region-grid">
          {regions.map((r) => (
            <li key={r.id}>
              <Link className="region-tile" to={`/find/parks/result?region_id=${r.id}`}>
                {en ? r.nameEn : r.nameJa}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
