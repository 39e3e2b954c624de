import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LivingThingDetail } from '../../../../common/dto/livingThing';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { FollowButton } from '../../lib/components/FollowButton';
import { Paragraphs } from '../../lib/components/Paragraphs';
import { QueryState } from '../../lib/components/QueryState';
import { StoryLinks } from './components';
import { formatLength, formatWeight } from './format';
import { useGetLivingThingQuery, useLivingThingStoriesQuery } from './livingThingsApi';

function LivingThingProfile({ thing }: { thing: LivingThingDetail }) {
  const { t, i18n } = useTranslation();
  const stories = useLivingThingStoriesQuery({ living_thing_id: thing.id, per_page: 6 });
  const facts: [string, string][] = [
    [t('catalogue.livingThing.classification'), thing.classification],
    [t('catalogue.livingThing.habitat'), thing.habitat],
    [t('catalogue.livingThing.diet'), thing.diet],
    [t('catalogue.livingThing.weight'), formatWeight(thing.weightKg, t)],
    [t('catalogue.livingThing.height'), formatLength(thing.heightCm, t)],
    [t('catalogue.livingThing.birthWeight'), formatWeight(thing.birthWeightKg, t)],
    [t('catalogue.livingThing.birthHeight'), formatLength(thing.birthHeightCm, t)],
    [
      t('catalogue.livingThing.numberOfSpecies'),
      thing.numberOfSpecies === null
        ? t('catalogue.livingThing.unknown')
        : t('catalogue.livingThing.numberOfSpeciesValue', { count: thing.numberOfSpecies }),
    ],
  ];
  return (
    <article className="lt-profile stack" data-testid="living-thing-profile">
      <header className="lt-hero">
        <img src={thing.imageUrl} alt="" width="400" height="300" />
        <div className="lt-hero__text">
          {thing.group && (
            <p className="card__eyebrow">
              <Link className="badge" to={`/find/living-thing/result?classification=${thing.group.code}`}>
                {thing.group.name}
              </Link>
            </p>
          )}
          <h1 className="page-title">{thing.name}</h1>
          {thing.nameKana && i18n.language === 'ja' && thing.nameKana !== thing.name && (
            <p className="kana">{thing.nameKana}</p>
          )}
          {thing.scientificName && (
            <p className="scientific" lang="la">
              <span className="visually-hidden">{t('catalogue.livingThing.scientificName')}: </span>
              <i>{thing.scientificName}</i>
            </p>
          )}
          <div className="lt-hero__actions">
            <FollowButton targetType="living_thing" targetId={thing.id} name={thing.name} />
            <span className="muted">{t('catalogue.common.followers', { count: thing.followerCount })}</span>
          </div>
        </div>
      </header>

      <section className="panel" aria-labelledby="lt-about">
        <h2 id="lt-about">{t('catalogue.livingThing.about')}</h2>
        <Paragraphs text={thing.description} />
      </section>

      <section className="panel" aria-labelledby="lt-facts">
        <h2 id="lt-facts">{t('catalogue.livingThing.facts')}</h2>
        <dl className="facts" data-testid="living-thing-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="panel" aria-labelledby="lt-parks">
        <h2 id="lt-parks">{t('catalogue.livingThing.parksTitle')}</h2>
        {thing.parks.length === 0 ? (
          <p className="muted">{t('catalogue.livingThing.noParks')}</p>
        ) : (
          <ul className="keeper-list" data-testid="living-thing-parks">
            {thing.parks.map((p) => (
              <li key={p.id} className="keeper-list__item">
                <Link to={`/profile/park/${p.id}`} className="keeper-list__park">
                  <img src={p.imageUrl} alt="" width="80" height="45" loading="lazy" />
                  <span className="keeper-list__name">
                    <strong>{p.name}</strong>
                    <small>{p.prefecture}</small>
                  </span>
                </Link>
                <ul className="keeper-list__animals">
                  {p.individuals.map((a) => (
                    <li key={a.id}>
                      <Link to={`/profile/park-living-thing/${a.id}`}>{a.nickname}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel" aria-labelledby="lt-stories">
        <h2 id="lt-stories">{t('catalogue.livingThing.storiesTitle')}</h2>
        {stories.data && <StoryLinks stories={stories.data.data} />}
      </section>
    </article>
  );
}

/** /profile/living-thing/:id: one species. */
export default function LivingThingPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id < 2_147_483_647;
  const { data, isLoading, error } = useGetLivingThingQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <LivingThingProfile thing={data.data} />}
    </QueryState>
  );
}
