import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HABITATS, LIVING_THING_GROUPS } from '../../../../common/dto/livingThing';
import { LivingThingSearchForm } from './LivingThingSearchForm';

/** /find/living-thing: the search form and quick ways in by classification and habitat. */
export default function FindLivingThingPage() {
  const { t } = useTranslation();
  return (
    <div className="stack stack--lg">
      <div className="stack">
        <h1 className="page-title">{t('catalogue.livingThing.findTitle')}</h1>
        <p className="muted">{t('catalogue.livingThing.findLead')}</p>
      </div>
      <section className="panel">
        <LivingThingSearchForm />
      </section>
      <section aria-labelledby="lt-by-group">
        <h2 id="lt-by-group" className="section-title">
          {t('catalogue.livingThing.byGroup')}
        </h2>
        <ul className="region-grid">
          {LIVING_THING_GROUPS.map((g) => (
            <li key={g}>
              <Link className="region-tile" to={`/find/living-thing/result?classification=${g}`}>
                {t(`catalogue.livingThing.groups.${g}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="lt-by-habitat">
        <h2 id="lt-by-habitat" className="section-title">
          {t('catalogue.livingThing.byHabitat')}
        </h2>
        <ul className="region-grid">
          {HABITATS.map((h) => (
            <li key={h}>
              <Link className="region-tile" to={`/find/living-thing/result?habitat=${h}`}>
                {t(`catalogue.livingThing.habitats.${h}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
