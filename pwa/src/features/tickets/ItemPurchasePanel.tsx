import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DateAvailability } from '../../../../common/dto/cart';
import type { ItemDetail } from '../../../../common/dto/item';
import type { PassItemFields } from '../../../../common/dto/pass';
import { ItemCategory } from '../../../../common/enums';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { addMonths, firstCalendarMonth, monthOf, monthRange } from '../../../../common/rules/calendarMonth';
import { checkLineQuantities } from '../../../../common/rules/cart';
import { tokyoDate } from '../../../../common/time';
import { useAppSelector } from '../../app/store';
import { QuantityStepper } from '../../lib/components/QuantityStepper';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { ensureFeatureStrings } from '../../lib/i18n';
import { useLocale } from '../../lib/useLocale';
import { LazyPart, lazyPart } from './lazyPart';
import { PassPoolChoice, passPlacesLeft } from './PassPoolChoice';
import {
  addLineRequest,
  calendarCells,
  lineQuantities,
  type PurchaseSelection,
  peopleOfSelection,
  storeReservation,
} from './purchase';
import { useItemAvailabilityQuery, usePassPlacesQuery } from './purchaseApi';
import { AddResult, PurchaseActions, useAddToCart } from './useAddToCart';
import { forgetRoom, storedAdmission } from './waitingRoom';
import { useQueueStatusQuery } from './waitingRoomApi';

// A pass's form and the waitlist: shown for some items only (lazyPart.tsx).
export const passForm = lazyPart(() =>
  // With its strings (a pass item's: locales/passItem.ts), which the other items' pages do not load.
  Promise.all([import('./PassPurchaseForm'), ensureFeatureStrings('passItem')]).then(([m]) => m.PassPurchaseForm),
);
export const waitlistJoin = lazyPart(() => import('./WaitlistJoin').then((m) => m.WaitlistJoin));

/** A high-demand sale: instead of the cart buttons, the way to the queue (or, admitted, until when). */
function WaitingRoomGate({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="checkout-alert stack" data-testid="waiting-room-gate">
      <p>{t('waitingRoom.notice')}</p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => navigate(`/items/${itemId}/queue`)}
        data-testid="join-queue"
      >
        {t('waitingRoom.join')}
      </button>
    </div>
  );
}

const MARKS = { available: '○', few: '△', soldOut: '×', unavailable: '－' } as const;

function Calendar({
  item,
  linkId,
  date,
  onPick,
}: {
  item: ItemDetail;
  linkId?: string;
  date: string | null;
  onPick(day: DateAvailability): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = tokyoDate();
  const firstMonth = firstCalendarMonth(item.availableFrom, today);
  const lastMonth = monthOf(item.availableUntil);
  const [month, setMonth] = useState(firstMonth);
  // A sold-out date of an item with a waitlist can be picked: the panel offers the waitlist for it.
  const waitlist = item.waitlist && !item.lottery;
  const range = monthRange(month, today);
  const { data, isFetching, isError } = useItemAvailabilityQuery(
    { id: item.id, from: range?.from ?? today, to: range?.to ?? today, linkId },
    { skip: !range },
  );
  const byDate = new Map((data?.data ?? []).map((d) => [d.date, d]));
  const [y, m] = month.split('-').map(Number) as [number, number];
  const title =
    locale === 'en'
      ? new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
      : `${y}年${m}月`;
  const weekdays = t('checkout.purchase.weekdays').split(',');
  return (
    <div className="avail-calendar" data-testid="availability-calendar" aria-busy={isFetching || undefined}>
      <div className="avail-calendar__head">
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setMonth(addMonths(month, -1))}
          disabled={month <= firstMonth}
          aria-label={t('checkout.purchase.prevMonth')}
        >
          ‹
        </button>
        <h3 className="avail-calendar__title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setMonth(addMonths(month, 1))}
          disabled={month >= lastMonth}
          aria-label={t('checkout.purchase.nextMonth')}
          data-testid="next-month"
        >
          ›
        </button>
      </div>
      <div className="avail-calendar__grid">
        {weekdays.map((w) => (
          <span key={w} className="avail-calendar__wd" aria-hidden="true">
            {w}
          </span>
        ))}
        {calendarCells(month).map(({ key, date: d }) => {
          if (!d) return <span key={key} className="avail-day avail-day--pad" />;
          const a = byDate.get(d);
          const status = a?.status ?? 'unavailable';
          const pickable = status === 'available' || status === 'few' || (waitlist && status === 'soldOut');
          // An unavailable day says why (a lottery's date outside its round, the park closed…), as its tooltip does.
          const why = status === 'unavailable' && a?.reasonText ? `: ${a.reasonText}` : '';
          const label = `${formatDate(d, locale)} ${t(`checkout.purchase.status.${status}`)}${status === 'few' && a ? ` (${t('checkout.purchase.left', { count: a.remaining })})` : ''}${why}`;
          return (
            <button
              key={d}
              type="button"
              className={`avail-day avail-day--${status}${date === d ? ' avail-day--selected' : ''}`}
              disabled={!pickable || !a}
              aria-pressed={date === d}
              aria-label={label}
              title={a?.reasonText ?? undefined}
              onClick={() => a && onPick(a)}
              data-date={d}
            >
              <span className="avail-day__num">{Number(d.slice(8))}</span>
              <span className="avail-day__mark" aria-hidden="true">
                {a ? MARKS[status] : ''}
              </span>
            </button>
          );
        })}
      </div>
      <p className="avail-calendar__legend muted">
        {(['available', 'few', 'soldOut', 'unavailable'] as const).map((s) => (
          <span key={s}>
            {MARKS[s]} {t(`checkout.purchase.status.${s}`)}
          </span>
        ))}
      </p>
      {isError && <p className="field-error">{purchaseMessage('serverError', locale)}</p>}
    </div>
  );
}

function PurchaseForm({ item, linkId }: { item: ItemDetail; linkId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const navigate = useNavigate();
  const [day, setDay] = useState<DateAvailability | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const [basic, setBasic] = useState<Record<string, number>>({});
  const [additional, setAdditional] = useState<Record<string, Record<string, number>>>({});
  const [disability, setDisability] = useState(0);
  const [companion, setCompanion] = useState(0);
  const [tried, setTried] = useState(false);
  const [passPool, setPassPool] = useState(false);
  const { submit, busy, error, added } = useAddToCart();
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  // A high-demand sale goes through its waiting room (issue 30): the add needs the admission kept by the queue page.
  const room = useQueueStatusQuery(item.id);
  const roomActive = room.data?.data.active === true;
  const admission = roomActive ? storedAdmission(item.id) : null;

  const hasSlots = item.timeSlots.length > 0;
  // Places set aside for pass holders: asked only by a signed-in visitor for a timed item (not lottery or seats).
  const { data: passPlaces } = usePassPlacesQuery(
    { id: item.id, date: day?.date ?? '', linkId },
    { skip: !signedIn || !day || !hasSlots || item.lottery || item.seatSelection },
  );
  const poolLeft = (id: number | null) => passPlacesLeft(passPlaces?.data, id);
  const slot = day?.slots.find((s) => s.timeSlotId === slotId) ?? null;
  const waitsOk = item.waitlist && !item.lottery;
  const selection: PurchaseSelection | null = day
    ? {
        itemId: item.id,
        linkId,
        date: day.date,
        timeSlotId: hasSlots ? slotId : null,
        basic,
        additional,
        disability,
        companion,
        passPool,
      }
    : null;
  const people = selection ? peopleOfSelection(selection) : 0;
  const remaining = passPool ? (poolLeft(slotId) ?? 0) : hasSlots ? (slot?.remaining ?? 0) : (day?.remaining ?? 0);
  const prices = item.basicPlan?.prices ?? [];
  const total = useMemo(() => {
    let sum = 0;
    for (const p of prices) sum += (basic[p.ageGroupId] ?? 0) * p.price;
    for (const plan of item.additionalPlans) {
      for (const p of plan.prices) sum += (additional[plan.id]?.[p.ageGroupId] ?? 0) * p.price;
    }
    if (item.disabilityPrice !== null) sum += (disability + companion) * item.disabilityPrice;
    return sum;
  }, [prices, basic, additional, disability, companion, item]);

  const problem = (() => {
    if (!day) return t('checkout.purchase.pickDate');
    if (hasSlots && !slot) return purchaseMessage('timeSlotRequired', locale);
    if (!selection) return null;
    const rule = checkLineQuantities(
      {
        minimumParticipant: item.minimumParticipant,
        maxPerOrder: item.maxPerOrder,
        disabilityPrice: item.disabilityPrice,
      },
      lineQuantities(selection),
    );
    if (rule) return purchaseMessage(rule.key, locale, rule.params);
    if (!item.lottery && people > remaining && !waitsOk) return t('checkout.purchase.notEnough', { count: remaining });
    return null;
  })();
  // Sold out for this party on an item with a waitlist: the waitlist instead of the cart.
  const joinWaitlist =
    !passPool && waitsOk && day !== null && (!hasSlots || slot !== null) && people > 0 && people > remaining;

  const go = async (mode: 'cart' | 'buy') => {
    setTried(true);
    if (problem || !selection) return;
    if (item.seatSelection) {
      storeReservation(selection);
      navigate(`/custom/seat_reservation?mode=${mode}`);
      return;
    }
    const done = await submit({ ...addLineRequest(selection), admissionToken: admission?.token }, mode);
    if (done && admission) forgetRoom(item.id);
  };

  const maxPeople = item.maxPerOrder;
  return (
    <div className="purchase-form stack" data-testid="purchase-form">
      <fieldset className="field">
        <legend>{t('checkout.purchase.date')}</legend>
        <Calendar
          item={item}
          linkId={linkId}
          date={day?.date ?? null}
          onPick={(d) => {
            setDay(d);
            setSlotId(null);
            setPassPool(false);
          }}
        />
        {day && (
          <p className="purchase-form__picked" data-testid="picked-date">
            {formatDate(day.date, locale)}
            {day.status === 'few' && (
              <span className="few-left">{t('checkout.purchase.left', { count: day.remaining })}</span>
            )}
          </p>
        )}
      </fieldset>

      {hasSlots && day && (
        <fieldset className="field chips" data-testid="slot-choices">
          <legend>{t('checkout.purchase.slot')}</legend>
          {day.slots.map((s) => {
            const ok =
              s.status === 'available' ||
              s.status === 'few' ||
              (waitsOk && s.status === 'soldOut') ||
              (s.status === 'soldOut' && (poolLeft(s.timeSlotId) ?? 0) > 0);
            return (
              <label key={s.timeSlotId ?? 0} className="chip">
                <input
                  type="radio"
                  name={`${id}-slot`}
                  disabled={!ok}
                  checked={slotId === s.timeSlotId}
                  onChange={() => {
                    setSlotId(s.timeSlotId);
                    setPassPool(false);
                  }}
                />
                <span className="chip-text--tall">
                  {s.startTime}–{s.endTime}{' '}
                  <small>
                    {MARKS[s.status]}
                    {s.status === 'few' ? ` ${t('checkout.purchase.left', { count: s.remaining })}` : ''}
                    {s.status === 'soldOut' ? ` ${t('checkout.purchase.status.soldOut')}` : ''}
                  </small>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}

      <PassPoolChoice places={passPlaces?.data} slotId={slotId} checked={passPool} onChange={setPassPool} />

      <fieldset className="field" data-testid="quantity-choices">
        <legend>{t('checkout.purchase.quantities')}</legend>
        {prices.map((p) => (
          <QuantityStepper
            key={p.ageGroupId}
            label={p.ageGroupName}
            sub={p.price === 0 ? t('checkout.purchase.free') : formatYen(p.price, locale)}
            value={basic[p.ageGroupId] ?? 0}
            max={maxPeople}
            onChange={(n) => {
              setBasic((b) => ({ ...b, [p.ageGroupId]: n }));
              // Add-ons: never more than the people of that age group.
              setAdditional((a) =>
                Object.fromEntries(
                  Object.entries(a).map(([plan, q]) => [
                    plan,
                    { ...q, [p.ageGroupId]: Math.min(q[p.ageGroupId] ?? 0, n) },
                  ]),
                ),
              );
            }}
          />
        ))}
        {item.disabilityPrice !== null && (
          <>
            <QuantityStepper
              label={t('checkout.qty.disability')}
              sub={formatYen(item.disabilityPrice, locale)}
              value={disability}
              max={maxPeople}
              onChange={(n) => {
                setDisability(n);
                setCompanion((c) => Math.min(c, n));
              }}
            />
            <QuantityStepper
              label={t('checkout.qty.companion')}
              sub={t('checkout.purchase.companionNote')}
              value={companion}
              max={disability}
              onChange={setCompanion}
            />
          </>
        )}
      </fieldset>

      {item.additionalPlans.map((plan) => {
        const rows = plan.prices.filter((p) => (basic[p.ageGroupId] ?? 0) > 0);
        if (rows.length === 0) return null;
        return (
          <fieldset key={plan.id} className="field">
            <legend>{t('checkout.purchase.addOn', { name: plan.name })}</legend>
            {rows.map((p) => (
              <QuantityStepper
                key={p.ageGroupId}
                label={t('checkout.purchase.addOnWho', { plan: plan.name, name: p.ageGroupName })}
                sub={t('checkout.purchase.addOnPrice', { price: formatYen(p.price, locale) })}
                value={additional[plan.id]?.[p.ageGroupId] ?? 0}
                max={basic[p.ageGroupId] ?? 0}
                onChange={(n) =>
                  setAdditional((a) => ({ ...a, [plan.id]: { ...(a[plan.id] ?? {}), [p.ageGroupId]: n } }))
                }
              />
            ))}
          </fieldset>
        );
      })}

      <p className="purchase-form__total">
        <span>{t('checkout.purchase.total')}</span>
        <strong data-testid="purchase-total">{formatYen(total, locale)}</strong>
      </p>
      {tried && problem && (
        <p className="field-error" role="alert" data-testid="purchase-problem">
          {problem}
        </p>
      )}
      <AddResult error={error} added={added} />
      {passPool && error?.code === 'soldOut' && (
        <p className="checkout-alert" data-testid="pass-pool-sold-out">
          {t('checkout.purchase.passPool.soldOut')}
        </p>
      )}
      {admission && !added && (
        <p className="checkout-alert checkout-alert--success" data-testid="queue-admitted">
          {t('waitingRoom.admitted', { time: formatDateTime(admission.expiresAt, locale) })}
        </p>
      )}
      {roomActive && !admission && !added ? (
        <WaitingRoomGate itemId={item.id} />
      ) : joinWaitlist && day && !problem ? (
        <LazyPart
          part={waitlistJoin}
          props={{
            itemId: item.id,
            date: day.date,
            timeSlotId: hasSlots ? slotId : null,
            quantities: prices
              .filter((p) => (basic[p.ageGroupId] ?? 0) > 0)
              .map((p) => ({ age_group_id: Number(p.ageGroupId), quantity: basic[p.ageGroupId] ?? 0 })),
          }}
        />
      ) : (
        <PurchaseActions
          onAction={(mode) => void go(mode)}
          disabled={busy}
          cartLabel={item.seatSelection ? t('checkout.purchase.chooseSeats') : undefined}
        />
      )}
    </div>
  );
}

/**
 * The apply area of the item page: the price summary, then the date (availability calendar with sold-out and
 * few-left marks), time slot, people per age group, disability places and add-ons, and "Add to cart" / "Buy now".
 * Seat items choose their seats on /custom/seat_reservation. An annual pass has no date: its own form. Kids accounts
 * cannot buy.
 */
export function ItemPurchasePanel({
  item,
  linkId,
  summary,
  closedReason,
}: {
  item: ItemDetail;
  linkId?: string;
  summary: ReactNode;
  closedReason?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isChild = useAppSelector((s) => s.session.user?.child_flag === 1);
  // The server core adds item.pass to the item answer (common/dto/pass.ts PassItemFields).
  const pass = (item as ItemDetail & PassItemFields).pass ?? null;
  return (
    <section className="panel purchase-panel" aria-labelledby="purchase-title" data-testid="purchase-panel">
      <h2 id="purchase-title">{t('checkout.purchase.title')}</h2>
      <div className="purchase-panel__summary">
        <span className="purchase-panel__label">{t('tickets.purchase.summary')}</span>
        {summary}
      </div>
      {closedReason ? (
        <p className="purchase-panel__closed" data-testid="purchase-closed">
          {closedReason}
        </p>
      ) : isChild ? (
        <p className="notice">{purchaseMessage('childRestricted', locale)}</p>
      ) : pass ? (
        <LazyPart part={passForm} props={{ pass, maxPerOrder: item.maxPerOrder }} />
      ) : (
        <PurchaseForm item={item} linkId={linkId} />
      )}
      {!closedReason && !isChild && !pass && !linkId && item.category === ItemCategory.AdmissionTicket ? (
        // A school or group asks the park for its date (groups feature: staff approve, pay by invoice).
        <p className="purchase-panel__group">
          <Link
            className="purchase-panel__group-link"
            to={`/groups/request?park=${item.park.id}&item=${item.id}`}
            data-testid="group-request-link"
          >
            {t('tickets.purchase.groupLink')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
