import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SeatState } from '../../../../common/dto/cart';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { normalizeSeatCodes } from '../../../../common/rules/cart';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { addLineRequest, peopleOfSelection, readReservation } from './purchase';
import { useItemSeatsQuery } from './purchaseApi';
import { useGetItemQuery } from './ticketsApi';
import { AddResult, useAddToCart } from './useAddToCart';
import { forgetRoom, storedAdmission } from './waitingRoom';

function SeatMap({
  seats,
  chosen,
  max,
  onToggle,
}: {
  seats: SeatState[];
  chosen: string[];
  max: number;
  onToggle(code: string): void;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => {
    const byRow = new Map<string, SeatState[]>();
    for (const s of seats) byRow.set(s.row, [...(byRow.get(s.row) ?? []), s]);
    return [...byRow.entries()];
  }, [seats]);
  return (
    <div className="seat-map" data-testid="seat-map">
      <p className="seat-map__stage">{t('checkout.seats.stage')}</p>
      {rows.map(([row, list]) => (
        <div key={row} className="seat-map__row">
          <span className="seat-map__label" aria-hidden="true">
            {row}
          </span>
          {list.map((s) => {
            const on = chosen.includes(s.code);
            return (
              <button
                key={s.code}
                type="button"
                className={`seat${s.taken ? ' seat--taken' : ''}${on ? ' seat--chosen' : ''}`}
                disabled={s.taken || (!on && chosen.length >= max)}
                aria-pressed={on}
                aria-label={t(s.taken ? 'checkout.seats.takenSeat' : 'checkout.seats.seat', { code: s.code })}
                onClick={() => onToggle(s.code)}
                data-seat={s.code}
              >
                {s.number}
              </button>
            );
          })}
        </div>
      ))}
      <p className="seat-map__legend muted">
        <span className="seat seat--legend" /> {t('checkout.seats.free')}{' '}
        <span className="seat seat--legend seat--chosen" /> {t('checkout.seats.chosen')}{' '}
        <span className="seat seat--legend seat--taken" /> {t('checkout.seats.taken')}
      </p>
    </div>
  );
}

/** /custom/seat_reservation: the seats of the selection made on the item page, then into the cart (or buy now). */
export default function SeatReservationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const mode = query.get('mode') === 'buy' ? 'buy' : 'cart';
  const selection = useMemo(() => readReservation(), []);
  const item = useGetItemQuery({ id: selection?.itemId ?? 0, linkId: selection?.linkId }, { skip: !selection });
  const seats = useItemSeatsQuery(
    {
      id: selection?.itemId ?? 0,
      date: selection?.date ?? '',
      timeSlotId: selection?.timeSlotId ?? undefined,
      linkId: selection?.linkId,
    },
    { skip: !selection },
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const { submit, busy, error, added } = useAddToCart();

  if (!selection) {
    return (
      <section className="empty-state" data-testid="seat-page-empty">
        <p>{t('checkout.seats.noSelection')}</p>
        <Link className="button" to="/find/tickets">
          {t('checkout.seats.findTickets')}
        </Link>
      </section>
    );
  }
  const people = peopleOfSelection(selection);
  const d = item.data?.data;
  const slot = d?.timeSlots.find((s) => s.id === selection.timeSlotId);
  const ready = chosen.length === people;

  const go = async (m: 'cart' | 'buy') => {
    setTried(true);
    if (!ready) return;
    // A high-demand sale: the admission its queue page kept (issue 30), spent by this add.
    const admission = storedAdmission(selection.itemId);
    const ok = await submit(
      { ...addLineRequest(selection, normalizeSeatCodes(chosen)), admissionToken: admission?.token },
      m,
    );
    if (ok && admission) forgetRoom(selection.itemId);
    if (!ok) {
      setChosen([]);
      void seats.refetch();
    }
  };

  return (
    <div className="checkout-page stack" data-testid="seat-page">
      <h1 className="page-title">{t('checkout.seats.title')}</h1>
      <QueryState isLoading={item.isLoading || seats.isLoading} error={item.error ?? seats.error}>
        {() => (
          <>
            <section className="panel">
              <h2>{d?.name}</h2>
              <p>
                {formatDate(selection.date, locale)}
                {slot && ` ${slot.startTime}–${slot.endTime}`}
              </p>
              <p className="muted" data-testid="seat-count">
                {t('checkout.seats.pick', { count: people, chosen: chosen.length })}
              </p>
            </section>
            <section className="panel">
              <SeatMap
                seats={seats.data?.data ?? []}
                chosen={chosen}
                max={people}
                onToggle={(code) =>
                  setChosen((c) =>
                    c.includes(code) ? c.filter((x) => x !== code) : c.length < people ? [...c, code] : c,
                  )
                }
              />
              {chosen.length > 0 && (
                <p data-testid="chosen-seats">
                  {t('checkout.seats.chosenSeats', { seats: normalizeSeatCodes(chosen).join(', ') })}
                </p>
              )}
            </section>
            {tried && !ready && (
              <p className="field-error" role="alert">
                {purchaseMessage('seatCountMismatch', locale, { count: people })}
              </p>
            )}
            <AddResult error={error} added={added} />
            <div className="purchase-form__actions">
              <button
                type="button"
                className={`button button--block${mode === 'cart' ? ' button--primary' : ''}`}
                disabled={busy || !!added}
                onClick={() => void go('cart')}
                data-testid="seat-add-to-cart"
              >
                {t('checkout.purchase.addToCart')}
              </button>
              <button
                type="button"
                className={`button button--block${mode === 'buy' ? ' button--primary' : ''}`}
                disabled={busy || !!added}
                onClick={() => void go('buy')}
                data-testid="seat-buy-now"
              >
                {t('checkout.purchase.buyNow')}
              </button>
            </div>
            {d && (
              <p className="checkout-back">
                <Link to={`/items/${d.id}${selection.linkId ? `?link_id=${selection.linkId}` : ''}`}>
                  {t('checkout.seats.back')}
                </Link>
              </p>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
