import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TicketPackDetail } from '../../../../common/dto/ticketPack';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { FavoriteButton } from './FavoriteButton';
import { PurchasePanel } from './PurchasePanel';
import { useGetTicketPackByLinkQuery, useGetTicketPackQuery } from './ticketsApi';

function PackView({ pack, linkId }: { pack: TicketPackDetail; linkId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState(pack.selectableTimes[0] ?? '');
  const [total, setTotal] = useState(pack.minTotal);
  const outOfRange = !Number.isInteger(total) || total < pack.minTotal || total > pack.maxTotal;
  const rangeMessage = purchaseMessage('packTotalRange', locale, { min: pack.minTotal, max: pack.maxTotal });
  const setClamped = (n: number) => setTotal(Number.isFinite(n) ? n : pack.minTotal);

  return (
    <article className="item-page" data-testid="pack-page">
      <header className="park-hero">
        <img src={pack.imageUrl} alt="" width="1280" height="720" />
        <div>
          <p className="card__eyebrow">
            <span className={`badge badge--category-${pack.category}`}>
              {t(`tickets.category.names.${pack.category}`)}
            </span>
            {t(`tickets.saleLabel.${pack.saleLabel}`) && (
              <span className={`badge badge--sale-${pack.saleLabel}`}>{t(`tickets.saleLabel.${pack.saleLabel}`)}</span>
            )}
          </p>
          <h1 className="page-title">{pack.name}</h1>
          <p className="muted">
            <Link to={`/profile/park/${pack.park.id}`}>{pack.park.name}</Link>・{pack.park.prefecture.name}
          </p>
        </div>
      </header>
      {pack.isPrivate && <p className="notice">{t('tickets.pack.privateNotice')}</p>}

      <section className="panel" aria-labelledby="pack-about">
        <h2 id="pack-about">{t('tickets.pack.about')}</h2>
        <p>{pack.description}</p>
        <h3 className="plans-title">{t('tickets.pack.contents')}</h3>
        <ul className="pack-contents" data-testid="pack-contents">
          {pack.items.map((item) => (
            <li key={item.itemId} className="pack-content">
              <span className={`badge badge--category-${item.category}`}>
                {t(`tickets.category.names.${item.category}`)}
              </span>
              {item.listed ? (
                <Link className="pack-content__name" to={`/items/${item.itemId}`}>
                  {item.name}
                </Link>
              ) : (
                <span className="pack-content__name">{item.name}</span>
              )}
              <span className="pack-contents__qty">{t('tickets.pack.quantity', { count: item.quantity })}</span>
            </li>
          ))}
        </ul>
        <dl className="facts">
          <div>
            <dt>{t('tickets.pack.price')}</dt>
            <dd className="price">{formatYen(pack.price, locale)}</dd>
          </div>
          <div>
            <dt>{t('tickets.pack.schedule')}</dt>
            <dd data-testid="pack-schedule">
              {t('tickets.item.period', {
                from: formatDateTime(pack.applicationStartsAt, locale),
                to: formatDateTime(pack.applicationEndsAt, locale),
              })}{' '}
              <span className={pack.applicationOpen ? 'status status--open' : 'status status--closed'}>
                {pack.applicationOpen ? t('tickets.pack.applicationOpen') : t('tickets.pack.applicationNotOpen')}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('tickets.pack.availability')}</dt>
            <dd>
              {t('tickets.item.period', {
                from: formatDate(pack.availableFrom, locale),
                to: formatDate(pack.availableUntil, locale),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('tickets.pack.totalLabel')}</dt>
            <dd>{t('tickets.pack.totalRange', { min: pack.minTotal, max: pack.maxTotal })}</dd>
          </div>
        </dl>
      </section>

      <section className="panel" aria-labelledby="pack-choose">
        <h2 id="pack-choose">{t('tickets.pack.choose')}</h2>
        <div className="search-form">
          <div className="field">
            <label htmlFor={`${id}-date`}>{t('tickets.pack.date')}</label>
            {pack.selectableDates.length === 0 ? (
              <p className="muted">{t('tickets.pack.noDates')}</p>
            ) : (
              <select id={`${id}-date`} value={date} onChange={(e) => setDate(e.target.value)} data-testid="pack-date">
                <option value="">{t('tickets.pack.chooseDate')}</option>
                {pack.selectableDates.map((d) => (
                  <option key={d} value={d}>
                    {formatDate(d, locale)}
                  </option>
                ))}
              </select>
            )}
          </div>
          {pack.selectableTimes.length > 0 && (
            <fieldset className="field chips" data-testid="pack-times">
              <legend>{t('tickets.pack.time')}</legend>
              {pack.selectableTimes.map((value) => (
                <label key={value} className="chip">
                  <input
                    type="radio"
                    name="pack-time"
                    value={value}
                    checked={time === value}
                    onChange={() => setTime(value)}
                  />
                  <span>{value}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="field">
            <label htmlFor={`${id}-total`}>{t('tickets.pack.totalLabel')}</label>
            <div className="stepper">
              <button
                type="button"
                className="button button--small"
                aria-label={t('tickets.pack.decrease')}
                onClick={() => setClamped(total - 1)}
                disabled={total <= pack.minTotal}
              >
                −
              </button>
              <input
                id={`${id}-total`}
                type="number"
                inputMode="numeric"
                min={pack.minTotal}
                max={pack.maxTotal}
                value={Number.isFinite(total) ? total : ''}
                onChange={(e) => setClamped(e.target.valueAsNumber)}
                aria-invalid={outOfRange}
                aria-describedby={`${id}-total-error`}
                data-testid="pack-total"
              />
              <button
                type="button"
                className="button button--small"
                aria-label={t('tickets.pack.increase')}
                onClick={() => setClamped(total + 1)}
                disabled={total >= pack.maxTotal}
              >
                +
              </button>
            </div>
            <p id={`${id}-total-error`} className="field-error live-region" role="alert" data-testid="pack-total-error">
              {outOfRange ? rangeMessage : ''}
            </p>
          </div>
        </div>
      </section>

      <FavoriteButton type="ticket_pack" id={pack.id} />
      <PurchasePanel
        summary={
          <span className="price" data-testid="pack-sum">
            {t('tickets.pack.total')} {outOfRange ? t('tickets.pack.noTotal') : formatYen(pack.price * total, locale)}
          </span>
        }
        closedReason={pack.applicationOpen ? null : t('tickets.purchase.applicationClosed')}
        request={
          date && !outOfRange && (time || pack.selectableTimes.length === 0)
            ? {
                ticket_pack_id: pack.id,
                date,
                ...(time ? { time } : {}),
                quantity: total,
                ...(linkId ? { link_id: linkId } : {}),
              }
            : null
        }
        problem={!date && pack.selectableDates.length > 0 ? t('tickets.pack.chooseDate') : null}
      />
    </article>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /ticket-pack/:id — a listed pack; a link_id query opens an unlisted one. */
export default function TicketPackPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id < 2_147_483_647;
  const linkId = query.get('link_id') ?? undefined;
  const { data, isLoading, error } = useGetTicketPackQuery(
    { id, linkId: linkId && UUID.test(linkId) ? linkId : undefined },
    { skip: !valid },
  );
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <PackView pack={data.data} linkId={linkId && UUID.test(linkId) ? linkId : undefined} />}
    </QueryState>
  );
}

/** /private/ticket-pack/:id — the id is the pack's link id. */
export function PrivateTicketPackPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const { data, isLoading, error } = useGetTicketPackByLinkQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <PackView pack={data.data} linkId={id} />}
    </QueryState>
  );
}
