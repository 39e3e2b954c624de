import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PREFECTURES, REGIONS } from '../../../../common/reference';
import { ParkSearchForm } from './ParkSearchForm';

export default function FindParksPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const regions = REGIONS.filter((r) => PREFECTURES.some((p) => p.regionId === r.id));
  return (
    <div className="stack">
      <h1 className="page-title">{t('parks.findTitle')}</h1>
      <section className="panel">
        <ParkSearchForm />
      </section>
      <section aria-labelledby="by-region">
        <h2 id="by-region" className="section-title">
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
