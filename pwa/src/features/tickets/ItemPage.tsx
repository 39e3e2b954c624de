import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CancellationRule, ItemDetail, ItemPlanDto } from '../../../../common/dto/item';
import { CombinationLabel, type Locale, SaleLabel } from '../../../../common/enums';
import { AGE_CATEGORY_IDS } from '../../../../common/reference';
import { tokyoDate } from '../../../../common/time';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { Paragraphs } from '../../lib/components/Paragraphs';
import { QueryState } from '../../lib/components/QueryState';
import { itemCalendarRange } from '../../lib/earlyData';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { withPrefetch } from '../../lib/prefetch';
import { useLocale } from '../../lib/useLocale';
import { FavoriteButton } from './FavoriteButton';
import { ItemPurchasePanel, passForm, waitlistJoin } from './ItemPurchasePanel';
import { ItemBadges, PriceRange, reservationLabel } from './labels';
import { LazyPart, lazyPart } from './lazyPart';
import { purchaseApi } from './purchaseApi';
import { ticketsApi, useGetItemByLinkQuery, useGetItemQuery } from './ticketsApi';

// A lottery's rounds: shown for lottery items only (lazyPart.tsx).
const lotteryRound = lazyPart(() => import('./LotteryRound').then((m) => m.LotteryRound));

type T = (key: string, options?: Record<string, unknown>) => string;

/** One row when every age category pays the same, else a row per age category. */
function priceRows(plan: ItemPlanDto, t: T): { key: number; label: string; price: number }[] {
  const first = plan.prices[0];
  const sameForAll =
    first !== undefined &&
    AGE_CATEGORY_IDS.every((id) => plan.prices.some((p) => p.ageGroupId === id)) &&
    plan.prices.every((p) => p.price === first.price);
  if (sameForAll) return [{ key: 0, label: t('tickets.item.allAges'), price: first.price }];
  return plan.prices.map((p) => ({ key: p.ageGroupId, label: p.ageGroupName, price: p.price }));
}

function PlanPrices({ plan, addOn, locale }: { plan: ItemPlanDto; addOn?: boolean; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <table className="price-table">
      <caption>{plan.name}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tickets.item.ageGroup')}</th>
          <th scope="col">{t('tickets.item.price')}</th>
        </tr>
      </thead>
      <tbody>
        {priceRows(plan, t).map((p) => (
          <tr key={p.key}>
            <th scope="row">{p.label}</th>
            <td>
              {p.price === 0
                ? t('tickets.free')
                : addOn
                  ? t('tickets.item.addOn', { price: formatYen(p.price, locale) })
                  : formatYen(p.price, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** When a cancellation row applies: from its days before use down to the day after the next row's. */
function cancellationWhen(rows: CancellationRule[], i: number, t: T): string {
  const from = rows[i]?.daysBefore ?? 0;
  const next = rows[i + 1];
  const to = next ? next.daysBefore + 1 : 0;
  if (from === to) {
    if (from === 0) return t('tickets.item.sameDay');
    if (from === 1) return t('tickets.item.dayBefore');
    return t('tickets.item.daysBefore', { days: from });
  }
  if (to === 0) return t('tickets.item.daysToSameDay', { from });
  if (to === 1) return t('tickets.item.daysToDayBefore', { from });
  return t('tickets.item.daysRange', { from, to });
}

function CancellationTable({ rows }: { rows: CancellationRule[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted">{t('tickets.item.noCancellation')}</p>;
  return (
    <>
      <p className="muted">{t('tickets.item.cancellationLead')}</p>
      <table className="cancel-table" data-testid="cancellation-table">
        <thead>
          <tr>
            <th scope="col">{t('tickets.item.cancellationWhen')}</th>
            <th scope="col">{t('tickets.item.cancellationRate')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.daysBefore}>
              <th scope="row">{cancellationWhen(rows, i, t)}</th>
              <td>
                {row.chargeRate === 0
                  ? t('tickets.item.freeOfCharge')
                  : t('tickets.item.rate', { rate: row.chargeRate })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Why the item cannot be applied for now, or null when it can. */
function closedReason(item: ItemDetail, t: T, locale: Locale): string | null {
  if (item.onSale) return null;
  if (item.combinationLabel === CombinationLabel.FreeNoApplication) return t('tickets.purchase.noApplication');
  const startsLater = item.saleStartsAt && Date.parse(item.saleStartsAt) > Date.now();
  if (startsLater && item.saleStartsAt) {
    return t('tickets.purchase.saleStartsAt', { date: formatDateTime(item.saleStartsAt, locale) });
  }
  if (item.saleLabel === SaleLabel.BeforeRelease || item.saleLabel === SaleLabel.WaitingForPublication) {
    return t('tickets.purchase.beforeRelease');
  }
  if (item.saleLabel === SaleLabel.EndOfSale || item.saleLabel === SaleLabel.Sale)
    return t('tickets.purchase.saleEnded');
  return t('tickets.purchase.notOnSale');
}

function ItemView({ item, linkId }: { item: ItemDetail; linkId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { daysBefore, time } = item.applicationDeadline;
  const deadline =
    daysBefore === 0
      ? t('tickets.item.deadlineSameDay', { time })
      : daysBefore === 1
        ? t('tickets.item.deadlineDayBefore', { time })
        : t('tickets.item.deadlineDaysBefore', { days: daysBefore, time });
  const saleWindow =
    item.saleStartsAt && item.saleEndsAt
      ? t('tickets.item.period', {
          from: formatDateTime(item.saleStartsAt, locale),
          to: formatDateTime(item.saleEndsAt, locale),
        })
      : item.saleStartsAt
        ? t('tickets.item.saleFrom', { from: formatDateTime(item.saleStartsAt, locale) })
        : item.saleEndsAt
          ? t('tickets.item.saleUntil', { to: formatDateTime(item.saleEndsAt, locale) })
          : t('tickets.item.noSaleWindow');
  const flags = [
    item.reservationRequired && !reservationLabel(item) && t('tickets.flags.reservationRequired'),
    item.lottery && t('tickets.flags.lottery'),
    item.waitlist && t('tickets.flags.waitlist'),
    item.seatSelection && t('tickets.flags.seatSelection'),
    item.minimumParticipant > 1 && t('tickets.flags.minimumParticipant', { count: item.minimumParticipant }),
  ].filter((f): f is string => Boolean(f));

  return (
    <article className="item-page" data-testid="item-page">
      <header className="park-hero">
        <img src={item.imageUrl} alt="" width="1280" height="720" />
        <div>
          <p className="card__eyebrow">
            <ItemBadges item={item} />
          </p>
          <h1 className="page-title">{item.name}</h1>
          <p className="muted">
            <Link to={`/profile/park/${item.park.id}`}>{item.park.name}</Link>・{item.park.prefecture.name}
          </p>
          {flags.length > 0 && (
            <ul className="flags" data-testid="item-flags">
              {flags.map((f) => (
                <li key={f} className="flag">
                  {f}
                </li>
              ))}
            </ul>
          )}
          {item.fewLeft && (
            <p className="few-left" role="status" data-testid="few-left">
              {t('tickets.item.fewLeft', { count: item.remaining })}
            </p>
          )}
        </div>
      </header>
      {item.isPrivate && <p className="notice">{t('tickets.item.privateNotice')}</p>}
      <FavoriteButton type="item" id={item.id} />

      <ItemPurchasePanel
        item={item}
        linkId={linkId}
        summary={<PriceRange from={item.priceFrom} to={item.priceTo} />}
        closedReason={closedReason(item, t, locale)}
      />
      {item.lottery && <LazyPart part={lotteryRound} props={{ itemId: item.id }} />}

      <section className="panel panel--later" aria-labelledby="item-about">
        <h2 id="item-about">{t('tickets.item.about')}</h2>
        <Paragraphs text={item.description} />
        {item.lottery && <p className="muted">{t('tickets.item.lotteryNote')}</p>}
        {item.waitlist && <p className="muted">{t('tickets.item.waitlistNote')}</p>}
        {item.notes && (
          <div className="item-notes">
            <h3>{t('tickets.item.notes')}</h3>
            <Paragraphs text={item.notes} />
          </div>
        )}
      </section>

      <section className="panel panel--later" aria-labelledby="item-prices" data-testid="item-prices">
        <h2 id="item-prices">{t('tickets.item.prices')}</h2>
        {item.basicPlan && <PlanPrices plan={item.basicPlan} locale={locale} />}
        {item.disabilityPrice !== null && (
          <p className="disability-price" data-testid="disability-price">
            <strong>{t('tickets.item.disabilityPrice')}</strong>{' '}
            {item.disabilityPrice === 0 ? t('tickets.free') : formatYen(item.disabilityPrice, locale)}
            <span className="muted"> {t('tickets.item.disabilityNote')}</span>
          </p>
        )}
        {item.additionalPlans.length > 0 && (
          <>
            <h3 className="plans-title">{t('tickets.item.additionalPlans')}</h3>
            {item.additionalPlans.map((plan) => (
              <PlanPrices key={plan.id} plan={plan} addOn locale={locale} />
            ))}
          </>
        )}
        <p className="muted">{t('tickets.item.pricesNote')}</p>
      </section>

      <section className="panel panel--later" aria-labelledby="item-details">
        <h2 id="item-details">{t('tickets.item.details')}</h2>
        <dl className="facts">
          <div>
            <dt>{t('tickets.item.availability')}</dt>
            <dd data-testid="availability">
              {t('tickets.item.period', {
                from: formatDate(item.availableFrom, locale),
                to: formatDate(item.availableUntil, locale),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('tickets.item.saleWindow')}</dt>
            <dd>{saleWindow}</dd>
          </div>
          <div>
            <dt>{t('tickets.item.deadline')}</dt>
            <dd data-testid="deadline">{deadline}</dd>
          </div>
          {item.timeSlots.length > 0 && (
            <div>
              <dt>{t('tickets.item.timeSlots')}</dt>
              <dd>
                <ul className="slot-list" data-testid="time-slots">
                  {item.timeSlots.map((s) => (
                    <li key={s.id} className="slot">
                      <span>{t('tickets.item.slot', { start: s.startTime, end: s.endTime })}</span>
                      <span className="muted">{t('tickets.item.capacity', { count: s.capacity })}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('tickets.item.excludedDays')}</dt>
            <dd data-testid="excluded-days">
              {item.excludedDays.length === 0
                ? t('tickets.item.noExcludedDays')
                : item.excludedDays.map((d) => formatDate(d, locale)).join(t('tickets.item.listSeparator'))}
            </dd>
          </div>
          <div>
            <dt>{t('tickets.item.closedWeekdays')}</dt>
            <dd>
              {item.park.closedWeekdays.length === 0
                ? t('tickets.item.noClosedWeekdays')
                : item.park.closedWeekdays.map((w) => w.name).join(t('tickets.item.listSeparator'))}
            </dd>
          </div>
          <div>
            <dt>{t('tickets.item.usage')}</dt>
            <dd>{t(`tickets.usageTrigger.${item.usageTrigger}`)}</dd>
          </div>
          <div>
            <dt>{t('tickets.item.rewardCoins')}</dt>
            <dd>{t('tickets.item.coins', { count: item.rewardCoins })}</dd>
          </div>
          <div>
            <dt>{t('tickets.item.shareableUntil')}</dt>
            <dd>
              {item.shareableUntil
                ? t('tickets.item.shareUntil', { date: formatDate(item.shareableUntil, locale) })
                : t('tickets.item.notShareable')}
            </dd>
          </div>
        </dl>
      </section>

      <section className="panel panel--later" aria-labelledby="item-cancel">
        <h2 id="item-cancel">{t('tickets.item.cancellation')}</h2>
        <CancellationTable rows={item.cancellationPolicy} />
      </section>

      {item.tags.length > 0 && (
        <section className="panel panel--later" aria-labelledby="item-tags">
          <h2 id="item-tags">{t('tickets.item.tags')}</h2>
          <ul className="tag-list">
            {item.tags.map((tag) => (
              <li key={tag.id} className="tag">
                {tag.name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The item and link id of an /items/:id address (null when the id cannot be one). */
function itemArgs(rawId: string | undefined, query: URLSearchParams) {
  const id = Number(rawId);
  if (!(Number.isInteger(id) && id > 0 && id < 2_147_483_647)) return null;
  const rawLinkId = query.get('link_id') ?? undefined;
  return { id, linkId: rawLinkId && UUID.test(rawLinkId) ? rawLinkId : undefined };
}

/** /items/:id — a listed item; a link_id query opens an unlisted one (and is kept through sign-in). */
function ItemPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const args = itemArgs(params.id, query);
  const valid = args !== null;
  const id = args?.id ?? 0;
  const linkId = args?.linkId;
  const { data, isLoading, error } = useGetItemQuery({ id, linkId }, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <ItemView item={data.data} linkId={linkId} />}
    </QueryState>
  );
}

/** /private/items/:id — the id is the item's link id. */
export function PrivateItemPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const { data, isLoading, error } = useGetItemByLinkQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <ItemView item={data.data} linkId={id} />}
    </QueryState>
  );
}

/** How long the prefetched calendar month is kept for the page to take it. */
const AVAILABILITY_HOLD_MS = 10_000;

export default withPrefetch(ItemPage, async ({ params, url, dispatch }) => {
  const args = itemArgs(params.id, url.searchParams);
  if (!args) return;
  const item = (await dispatch(ticketsApi.endpoints.getItem.initiate(args, { subscribe: false }))).data?.data;
  if (!item) return;
  // The parts only some items show (lazyPart.tsx), here with the item, so the page renders once with them.
  await Promise.all([
    (item as { pass?: unknown }).pass && passForm.preload(),
    item.lottery && lotteryRound.preload(),
    item.waitlist && waitlistJoin.preload(),
  ]).catch(() => undefined);
  // The calendar's first month too (its arguments as the calendar makes them), so the page renders once. On a first
  // visit index.html's boot script has asked for it already (lib/earlyData.ts).
  const range = itemCalendarRange(item.availableFrom, tokyoDate());
  if (!range) return;
  // Held for a while: the endpoint drops unused answers at once (keepUnusedDataFor 0), and without a subscriber
  // until the calendar mounts, the calendar asked for the same dates again.
  const availability = dispatch(
    purchaseApi.endpoints.itemAvailability.initiate({
      id: item.id,
      from: range.from,
      to: range.to,
      linkId: args.linkId,
    }),
  );
  setTimeout(() => availability.unsubscribe(), AVAILABILITY_HOLD_MS);
  await availability;
});
