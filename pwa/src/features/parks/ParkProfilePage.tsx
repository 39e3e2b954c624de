import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ParkDetail } from '../../../../common/dto/park';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { Paragraphs } from '../../lib/components/Paragraphs';
import { QueryState } from '../../lib/components/QueryState';
import { useStagedParts } from '../../lib/firstPage';
import { formatMonthDayWeekday, placeName } from '../../lib/format';
import { withPrefetch } from '../../lib/prefetch';
import { closedDaysSummary } from './closedDays';
import { ParkExtras, parkExtrasApi } from './parkExtrasApi';
import { parksApi, useGetParkByLinkQuery, useGetParkQuery } from './parksApi';

function formatStay(minutes: number, t: (k: string, o?: Record<string, unknown>) => string) {
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('park.averageStayValue', { hours, minutes: minutes % 60 })
    : t('park.averageStayMinutes', { minutes });
}

function ParkProfile({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation();
  // Below the first screen: the animals and stories, then the facts and notices, each drawn when the main thread is
  // idle once the first page is shown (laid out together with the first screen, one long task on a phone).
  const drawn = useStagedParts(2);
  return (
    <article className="park-profile" data-testid="park-profile">
      <header className="park-hero">
        <img src={park.imageUrl} alt="" width="1280" height="720" />
        <div className="park-hero__text">
          <p className="card__eyebrow">
            <span className={`badge badge--${park.kind}`}>{t(`parks.${park.kind}`)}</span>
            <span>{placeName(park.region, park.prefecture)}</span>
          </p>
          <h1 className="page-title">{park.name}</h1>
          {park.nameKana && i18n.language === 'ja' && <p className="kana">{park.nameKana}</p>}
          <p className={park.today.open ? 'status status--open' : 'status status--closed'}>
            {t('park.today')}: {park.today.open ? t('parks.openToday') : t('parks.closedToday')}
            {park.today.open && ` ${t('parks.hours', { open: park.today.openTime, close: park.today.closeTime })}`}
            {park.today.note && ` (${park.today.note})`}
          </p>
        </div>
      </header>
      {park.isPrivate && <p className="notice">{t('park.privateNotice')}</p>}

      <section className="panel" aria-labelledby="about">
        <h2 id="about">{t('park.about')}</h2>
        <Paragraphs text={park.description} />
      </section>

      {!park.isPrivate && drawn >= 1 && <ParkExtras parkId={park.id} name={park.name} />}
      {drawn >= 2 && <ParkFacts park={park} />}
    </article>
  );
}

/** The park's facts, special days, map, inquiry and legal notice. */
function ParkFacts({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation();
  const closed = closedDaysSummary(park);
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${park.latitude},${park.longitude}`;
  return (
    <>
      <section className="panel panel--later" aria-labelledby="facts">
        <h2 id="facts" className="visually-hidden">
          {t('park.businessHours')}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t('park.businessHours')}</dt>
            <dd data-testid="business-hours">
              {t('parks.hours', { open: park.openTime, close: park.closeTime })}
              {park.lastEntryTime && (
                <span className="muted">（{t('park.lastEntry', { time: park.lastEntryTime })}）</span>
              )}
              {park.businessHoursNote && <p className="muted">{park.businessHoursNote}</p>}
            </dd>
          </div>
          <div>
            <dt>{t('park.closedDays')}</dt>
            <dd data-testid="closed-days">
              {closed.kind === 'weekly'
                ? closed.days
                : closed.kind === 'none'
                  ? t('parks.noRegularHoliday')
                  : !park.closedDaysNote && t('parks.irregularHoliday')}
              {park.closedDaysNote && <p className="muted">{park.closedDaysNote}</p>}
            </dd>
          </div>
          <div>
            <dt>{t('park.averageStay')}</dt>
            <dd>{formatStay(park.averageStayMinutes, t)}</dd>
          </div>
          <div>
            <dt>{t('park.location')}</dt>
            <dd>
              {park.postalCode && <span>〒{park.postalCode} </span>}
              {park.address}
              <br />
              <a href={mapsUrl} target="_blank" rel="noreferrer">
                {t('park.openMap')}
              </a>
            </dd>
          </div>
          {park.access && (
            <div>
              <dt>{t('park.access')}</dt>
              <dd>{park.access}</dd>
            </div>
          )}
          <div>
            <dt>{t('park.phone')}</dt>
            <dd>
              <a href={`tel:${park.phone.replace(/[^\d+]/g, '')}`}>{park.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('park.website')}</dt>
            <dd>
              <a href={park.websiteUrl} target="_blank" rel="noreferrer">
                {park.websiteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </a>
            </dd>
          </div>
        </dl>
      </section>

      <section className="panel panel--later" aria-labelledby="special-days">
        <h2 id="special-days">{t('park.specialDays')}</h2>
        {park.specialDays.length === 0 ? (
          <p className="muted">{t('park.noSpecialDays')}</p>
        ) : (
          <ul className="special-days" data-testid="special-days">
            {park.specialDays.map((d) => (
              <li key={d.date}>
                <time dateTime={d.date}>{formatMonthDayWeekday(d.date, i18n.language === 'en' ? 'en' : 'ja')}</time>
                <span className={`badge badge--${d.kind}`}>{t(`park.specialKind.${d.kind}`)}</span>
                <span>
                  {d.note}
                  {d.kind !== 'closed' &&
                    d.openTime &&
                    d.closeTime &&
                    ` ${t('parks.hours', { open: d.openTime, close: d.closeTime })}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel panel--later" aria-labelledby="park-map">
        <h2 id="park-map">{t('park.parkMap')}</h2>
        <img className="park-map" src={park.mapImageUrl} alt={`${park.name} ${t('park.parkMap')}`} loading="lazy" />
        <Link className="button button--small park-map__open" to={`/maps/${park.id}`} data-testid="open-map-mode">
          {t('catalogue.parkExtras.openMapMode')}
        </Link>
      </section>

      <section className="panel panel--later" aria-labelledby="inquiry">
        <h2 id="inquiry">{t('park.inquiry')}</h2>
        <ul className="link-list">
          <li>
            {t('park.inquiryEmail')}: <a href={`mailto:${park.inquiryEmail}`}>{park.inquiryEmail}</a>
          </li>
          {park.inquiryFormUrl && (
            <li>
              <a href={park.inquiryFormUrl} target="_blank" rel="noreferrer">
                {t('park.inquiryForm')}
              </a>
            </li>
          )}
        </ul>
      </section>

      <section className="panel panel--later" aria-labelledby="commercial-law">
        <details>
          <summary>
            <h2 id="commercial-law">{t('park.commercialLaw')}</h2>
          </summary>
          <div className="prewrap" data-testid="commercial-law">
            {park.commercialLawNotice}
          </div>
        </details>
      </section>
    </>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The park and link id of a /profile/park/:id address (null when the id cannot be one). */
function parkArgs(rawId: string | undefined, query: URLSearchParams) {
  const id = Number(rawId);
  if (!(Number.isInteger(id) && id > 0 && id < 2_147_483_647)) return null;
  return { id, linkId: query.get('link_id') ?? undefined };
}

/** /profile/park/:id: a public park by id (a link_id query opens an unlisted one). */
function ParkProfilePage() {
  const params = useParams();
  const [query] = useSearchParams();
  const args = parkArgs(params.id, query);
  const valid = args !== null;
  const { data, isLoading, error } = useGetParkQuery(args ?? { id: 0 }, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <ParkProfile park={data.data} />}
    </QueryState>
  );
}

/** /private/profile/park/:id: the id is the park's link id. */
export function PrivateParkProfilePage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const { data, isLoading, error } = useGetParkByLinkQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <ParkProfile park={data.data} />}
    </QueryState>
  );
}

export default withPrefetch(ParkProfilePage, ({ params, url, dispatch }) => {
  const args = parkArgs(params.id, url.searchParams);
  if (!args) return Promise.resolve();
  return Promise.all([
    dispatch(parksApi.endpoints.getPark.initiate(args, { subscribe: false })),
    // Its animals and latest stories too (a link_id opens an unlisted park, which shows neither).
    ...(args.linkId
      ? []
      : [
          dispatch(parkExtrasApi.endpoints.parkAnimals.initiate(args.id, { subscribe: false })),
          dispatch(parkExtrasApi.endpoints.parkLatestStories.initiate(args.id, { subscribe: false })),
        ]),
  ]);
});
