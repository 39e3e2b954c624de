import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ParkLivingThingDetail } from '../../../../common/dto/livingThing';
import { tokyoDate } from '../../../../common/time';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { Paragraphs } from '../../lib/components/Paragraphs';
import { QueryState } from '../../lib/components/QueryState';
import { StoryLinks } from './components';
import { ageOf, formatDate } from './format';
import { useGetParkLivingThingQuery, useLivingThingStoriesQuery } from './livingThingsApi';

function ParkAnimalProfile({ animal }: { animal: ParkLivingThingDetail }) {
  const { t, i18n } = useTranslation();
  const stories = useLivingThingStoriesQuery({ park_living_thing_id: animal.id, per_page: 10 });
  const age = animal.birthday ? ageOf(animal.birthday, tokyoDate()) : null;
  const ageKey = age && { days: 'ageDays', months: 'ageMonths', years: 'ageYears' }[age.unit];
  return (
    <article className="lt-profile stack" data-testid="park-living-thing-profile">
      <header className="lt-hero">
        <img src={animal.imageUrl} alt="" width="400" height="300" />
        <div className="lt-hero__text">
          <p className="card__eyebrow">
            <Link className="badge" to={`/profile/living-thing/${animal.livingThing.id}`}>
              {animal.livingThing.name}
            </Link>
            {animal.isGroup && <span className="badge badge--open">{t('catalogue.parkLivingThing.group')}</span>}
          </p>
          <h1 className="page-title">{animal.nickname}</h1>
          <p>
            <Link to={`/profile/park/${animal.park.id}`}>{animal.park.name}</Link>
          </p>
        </div>
      </header>

      <section className="panel" aria-labelledby="pa-about">
        <h2 id="pa-about">{t('catalogue.parkLivingThing.about')}</h2>
        {animal.description && <Paragraphs text={animal.description} />}
        <dl className="facts" data-testid="park-living-thing-facts">
          <div>
            <dt>{t('catalogue.parkLivingThing.species')}</dt>
            <dd>
              <Link to={`/profile/living-thing/${animal.livingThing.id}`}>{animal.livingThing.name}</Link>
              <p className="muted">{animal.livingThing.classification}</p>
            </dd>
          </div>
          <div>
            <dt>{t('catalogue.parkLivingThing.birthday')}</dt>
            <dd>
              {animal.birthday ? (
                <time dateTime={animal.birthday}>{formatDate(animal.birthday, i18n.language)}</time>
              ) : (
                t('catalogue.livingThing.unknown')
              )}
            </dd>
          </div>
          {age && ageKey && (
            <div>
              <dt>{t('catalogue.parkLivingThing.age')}</dt>
              <dd>{t(`catalogue.parkLivingThing.${ageKey}`, { count: age.count })}</dd>
            </div>
          )}
          <div>
            <dt>{t('catalogue.parkLivingThing.gender')}</dt>
            <dd>{t(`catalogue.parkLivingThing.genders.${animal.gender}`)}</dd>
          </div>
          <div>
            <dt>{t('catalogue.parkLivingThing.approxNumberBred')}</dt>
            <dd>
              {animal.approxNumberBred === null
                ? t('catalogue.livingThing.unknown')
                : t('catalogue.parkLivingThing.approxNumberBredValue', { count: animal.approxNumberBred })}
            </dd>
          </div>
          <div>
            <dt>{t('catalogue.parkLivingThing.park')}</dt>
            <dd>
              <Link to={`/profile/park/${animal.park.id}`}>{animal.park.name}</Link>
            </dd>
          </div>
          <div>
            <dt>{t('catalogue.livingThing.habitat')}</dt>
            <dd>{animal.livingThing.habitat}</dd>
          </div>
          <div>
            <dt>{t('catalogue.livingThing.diet')}</dt>
            <dd>{animal.livingThing.diet}</dd>
          </div>
        </dl>
      </section>

      <section className="panel" aria-labelledby="pa-stories">
        <h2 id="pa-stories">{t('catalogue.parkLivingThing.storiesTitle', { name: animal.nickname })}</h2>
        {stories.data && <StoryLinks stories={stories.data.data} />}
      </section>

      <p>
        <Link to={`/profile/living-thing/${animal.livingThing.id}`}>
          {t('catalogue.parkLivingThing.speciesLink', { name: animal.livingThing.name })}
        </Link>
      </p>
    </article>
  );
}

/** /profile/park-living-thing/:id: one park's animal. */
export default function ParkLivingThingPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id < 2_147_483_647;
  const { data, isLoading, error } = useGetParkLivingThingQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <ParkAnimalProfile animal={data.data} />}
    </QueryState>
  );
}
