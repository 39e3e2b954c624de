// The back office's finance pages (finance role or owner; the server checks every call per park):
//   /staff/office/:parkId/orders            find orders by number, e-mail or phone
//   /staff/office/:parkId/orders/:orderId   the order: customer, payment, lines, tickets; cancel and refund chosen
//                                           tickets for the visitor after reading the fee quote
//   /staff/office/:parkId/reports           a day's sales and admissions per item, and its CSV
import { type FormEvent, Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OfficeOrder, OfficeTicket } from '../../../../common/dto/finance';
import type { Occupancy } from '../../../../common/dto/staff';
import { addDays, daysBetween, tokyoDate } from '../../../../common/time';
import { formatDate, formatDateTime, formatNumber, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage } from './backOfficeApi';
import {
  invoiceCsvUrl,
  reportCsvUrl,
  type SearchBy,
  useCancelForVisitorMutation,
  useDailyReportQuery,
  useOfficeQuoteQuery,
  useParkOrderQuery,
  useReconciliationQuery,
  useRefundForParkMutation,
  useSearchOrdersQuery,
} from './financeApi';
import { PassReportDownloads } from './PassReportDownloads';
import './backOffice.css';

const BY: SearchBy[] = ['number', 'email', 'phone'];
const INPUT_TYPE: Record<SearchBy, string> = { number: 'text', email: 'email', phone: 'tel' };

function BackLinks({ parkId, order }: { parkId: number; order?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="office-crumbs" aria-label={t('backOffice.title')}>
      <Link to="/staff/office">{t('backOffice.title')}</Link>
      {order && (
        <>
          {' › '}
          <Link to={`/staff/office/${parkId}/orders`}>{t('backOffice.finance.orders')}</Link>
        </>
      )}
    </nav>
  );
}

/** /staff/office/:parkId/orders: the search (kept in the address: ?by=&q=). */
export function OfficeOrdersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const [params, setParams] = useSearchParams();
  const askedBy = (BY as string[]).includes(params.get('by') ?? '') ? (params.get('by') as SearchBy) : 'number';
  const askedQ = params.get('q') ?? '';
  const [by, setBy] = useState<SearchBy>(askedBy);
  const [q, setQ] = useState(askedQ);
  const result = useSearchOrdersQuery({ parkId, by: askedBy, q: askedQ }, { skip: !(parkId > 0) || !askedQ });
  const run = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) setParams({ by, q: q.trim() }, { replace: true });
  };
  return (
    <div className="stack office" data-testid="office-orders">
      <BackLinks parkId={parkId} />
      <h1 className="page-title">{t('backOffice.finance.orders')}</h1>
      <form className="panel stack office-search" onSubmit={run}>
        <fieldset className="office-by">
          <legend>{t('backOffice.finance.searchBy')}</legend>
          {BY.map((b) => (
            <label key={b} className="office-by__option">
              <input type="radio" name="by" value={b} checked={by === b} onChange={() => setBy(b)} />
              {t(`backOffice.finance.by.${b}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="order-q">{t(`backOffice.finance.by.${by}`)}</label>
          <input
            id="order-q"
            className="input"
            type={INPUT_TYPE[by]}
            inputMode={by === 'phone' ? 'tel' : undefined}
            autoComplete="off"
            placeholder={t(`backOffice.finance.placeholder.${by}`)}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            required
            data-testid="order-q"
          />
        </div>
        <button type="submit" className="button button--primary" data-testid="order-search">
          {t('backOffice.finance.search')}
        </button>
      </form>
      {result.error && (
        <p className="notice" role="alert">
          {errorMessage(result.error) ?? t('backOffice.failed')}
        </p>
      )}
      {askedQ && result.data && (
        <section aria-live="polite">
          <p className="muted">{t('backOffice.finance.found', { count: result.data.length })}</p>
          <ul className="office-list">
            {result.data.map((o) => (
              <li key={o.id}>
                <Link
                  className="office-row office-order"
                  to={`/staff/office/${parkId}/orders/${o.id}`}
                  data-testid="order-row"
                >
                  <span className="office-order__main">
                    <strong>{o.applicationNumber}</strong>
                    <span className="muted">
                      {o.customer.name} · {formatDateTime(o.orderedAt, locale)}
                    </span>
                  </span>
                  <span className="office-order__side">
                    <span className="badge">{t(`backOffice.finance.orderState.${o.state}`)}</span>
                    <span>{formatYen(o.total, locale)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function TicketChoice({
  ticket,
  orderState,
  checked,
  onChange,
}: {
  ticket: OfficeTicket;
  orderState: OfficeOrder['state'];
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const about = (
    <span className="office-ticket__text">
      <strong>{ticket.itemName}</strong>
      <span className="muted">
        {ticket.ticketNumber} · {formatDate(ticket.useDate, locale)}
        {ticket.time ? ` ${ticket.time}` : ''}
        {ticket.ageGroupName ? ` · ${ticket.ageGroupName}` : ''}
      </span>
      {ticket.wonViaWaitlist && <span className="muted">{t('backOffice.finance.waitlistWin')}</span>}
      {ticket.visitorCancelBlock && (
        <span className="office-ticket__block" data-testid="office-ticket-block">
          {t(`backOffice.finance.blocks.${ticket.visitorCancelBlock}`, {
            state: t(`wallet.states.${ticket.state}`),
            orderState: t(`backOffice.finance.orderState.${orderState}`),
          })}
        </span>
      )}
    </span>
  );
  return (
    <li className="office-ticket" data-testid="office-ticket">
      {ticket.cancellable ? (
        <label className="office-ticket__pick">
          <input
            type="checkbox"
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            aria-label={t('backOffice.finance.pick', { number: ticket.ticketNumber })}
          />
          {about}
        </label>
      ) : (
        <div className="office-ticket__pick">
          <span className="office-ticket__none" aria-hidden="true" />
          {about}
        </div>
      )}
      <span className="office-ticket__side">
        <span className="badge" data-testid="office-ticket-state">
          {t(`wallet.states.${ticket.state}`)}
        </span>
        <span>{formatYen(ticket.price, locale)}</span>
      </span>
    </li>
  );
}

function CancelPanel({ parkId, order }: { parkId: number; order: OfficeOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [picked, setPicked] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const ticketIds = [...picked].sort();
  const quote = useOfficeQuoteQuery({ parkId, orderId: order.id, ticketIds }, { skip: ticketIds.length === 0 });
  const [cancel, cancelled] = useCancelForVisitorMutation();
  const cancellable = order.ticketList.filter((tk) => tk.cancellable);
  const toggle = (id: string, on: boolean) => {
    setConfirming(false);
    setPicked((p) => (on ? [...new Set([...p, id])] : p.filter((x) => x !== id)));
  };
  const q = ticketIds.length > 0 ? quote.data : undefined;
  async function confirm() {
    await cancel({ parkId, orderId: order.id, ticketIds }).unwrap();
    setPicked([]);
    setConfirming(false);
  }
  return (
    <section className="panel stack" aria-labelledby="office-tickets-title">
      <h2 id="office-tickets-title">{t('backOffice.finance.tickets')}</h2>
      {cancellable.length > 0 && <p className="muted">{t('backOffice.finance.pickHint')}</p>}
      <ul className="office-list">
        {order.ticketList.map((tk) => (
          <TicketChoice
            key={tk.id}
            ticket={tk}
            orderState={order.state}
            checked={picked.includes(tk.id)}
            onChange={(on) => toggle(tk.id, on)}
          />
        ))}
      </ul>
      {cancellable.length > 1 && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setConfirming(false);
            setPicked(cancellable.map((tk) => tk.id));
          }}
        >
          {t('backOffice.finance.pickAll')}
        </button>
      )}
      {quote.error && ticketIds.length > 0 && (
        <p className="notice" role="alert">
          {errorMessage(quote.error) ?? t('backOffice.failed')}
        </p>
      )}
      {q && (
        <dl className="office-quote" data-testid="office-quote">
          <dt>{t('backOffice.finance.rate')}</dt>
          <dd>{q.chargeRate}%</dd>
          <dd className="office-quote__note">{t('backOffice.finance.rateNote', { days: q.daysBefore })}</dd>
          <dt>{t('backOffice.finance.fee')}</dt>
          <dd>{formatYen(q.fee, locale)}</dd>
          <dt>{t('backOffice.finance.refundMoney')}</dt>
          <dd data-testid="quote-refund">{formatYen(q.refundAmount, locale)}</dd>
          <dt>{t('backOffice.finance.refundCoins')}</dt>
          <dd>{formatNumber(q.refundCoins, locale)}</dd>
          {q.rewardCoinsBack + q.refundReducedBy > 0 && (
            <>
              <dt>{t('backOffice.finance.rewardBack')}</dt>
              <dd>{formatNumber(q.rewardCoinsBack + q.refundReducedBy, locale)}</dd>
            </>
          )}
        </dl>
      )}
      {q?.refundByBankTransfer && (
        <p className="notice" data-testid="office-quote-bank-transfer">
          {t('konbini.transfers.quoteNote')}{' '}
          <Link to={`/staff/office/${parkId}/bank-transfers`}>{t('konbini.transfers.title')}</Link>
        </p>
      )}
      {q && !confirming && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => setConfirming(true)}
          data-testid="office-cancel"
        >
          {t('backOffice.finance.cancelRefund', { count: ticketIds.length })}
        </button>
      )}
      {q && confirming && (
        <div className="office-confirm" role="alertdialog" aria-labelledby="office-confirm-text">
          <p id="office-confirm-text">
            {t('backOffice.finance.confirmText', {
              count: ticketIds.length,
              refund: formatYen(q.refundAmount, locale),
              coins: formatNumber(q.refundCoins, locale),
            })}
          </p>
          <div className="office-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={cancelled.isLoading}
              onClick={() => void confirm().catch(() => {})}
              data-testid="office-cancel-confirm"
            >
              {t('backOffice.finance.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('backOffice.finance.back')}
            </button>
          </div>
        </div>
      )}
      {cancelled.error && (
        <p className="notice" role="alert">
          {errorMessage(cancelled.error) ?? t('backOffice.failed')}
        </p>
      )}
      {cancelled.data && (
        <p role="status" className="office-done" data-testid="office-cancel-done">
          {t(`backOffice.finance.cancelState.${cancelled.data.state}`, {
            refund: formatYen(cancelled.data.quote.refundAmount, locale),
          })}
        </p>
      )}
    </section>
  );
}

/** An e-mail address that may break after the @ and before each dot, never inside a word. */
function Email({ address }: { address: string }) {
  const [local, domain = ''] = address.split(/@(?=[^@]*$)/);
  return (
    <>
      {local}@<wbr />
      {domain.split('.').map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The park's own refund (a closure): every ticket the park may still refund, picked by default; a reason is
 * required (the audit trail keeps it); no fee. The server answers the amounts: the ticket prices shown are a guide.
 */
function RefundPanel({ parkId, order }: { parkId: number; order: OfficeOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const refundable = order.ticketList.filter((tk) => tk.refundable);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [refund, refunded] = useRefundForParkMutation();
  const chosen = refundable.filter((tk) => picked.includes(tk.id));
  const amount = chosen.reduce((sum, tk) => sum + tk.price, 0);
  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      reasonRef.current?.focus();
      return;
    }
    await refund({ parkId, orderId: order.id, ticketIds: chosen.map((tk) => tk.id), reason: reason.trim() }).unwrap();
    setOpen(false);
    setReason('');
  }
  return (
    <section className="panel stack" aria-labelledby="office-refund-title">
      <h2 id="office-refund-title">{t('backOffice.finance.refund.title')}</h2>
      <p className="muted">{t('backOffice.finance.refund.lead')}</p>
      {refundable.length === 0 && !refunded.data && <p className="muted">{t('backOffice.finance.refund.none')}</p>}
      {refundable.length > 0 && !open && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setPicked(refundable.map((tk) => tk.id));
            setMissing(false);
            setOpen(true);
          }}
          data-testid="office-refund-open"
        >
          {t('backOffice.finance.refund.open')}
        </button>
      )}
      {open && (
        <form className="stack" onSubmit={(e) => void confirm(e).catch(() => {})} noValidate>
          <ul className="office-list">
            {refundable.map((tk) => (
              <li key={tk.id}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={picked.includes(tk.id)}
                    onChange={(e) =>
                      setPicked((p) => (e.target.checked ? [...p, tk.id] : p.filter((x) => x !== tk.id)))
                    }
                  />
                  <span>
                    {t('backOffice.finance.refund.pick', { number: tk.ticketNumber })} · {formatYen(tk.price, locale)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div className="field">
            <label htmlFor="office-refund-reason">{t('backOffice.finance.refund.reason')}</label>
            <textarea
              id="office-refund-reason"
              ref={reasonRef}
              className="input"
              rows={2}
              maxLength={500}
              required
              aria-invalid={missing || undefined}
              aria-describedby={missing ? 'office-refund-missing' : undefined}
              placeholder={t('backOffice.finance.refund.reasonPlaceholder')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
              data-testid="office-refund-reason"
            />
            {missing && (
              <p id="office-refund-missing" className="notice" role="alert">
                {t('backOffice.finance.refund.reasonMissing')}
              </p>
            )}
          </div>
          <p className="office-quote" data-testid="office-refund-total">
            {t('backOffice.finance.refund.total', { count: chosen.length, amount: formatYen(amount, locale) })}
          </p>
          <div className="office-actions">
            <button
              type="submit"
              className="button button--danger"
              disabled={refunded.isLoading || chosen.length === 0}
              data-testid="office-refund-confirm"
            >
              {t('backOffice.finance.refund.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('backOffice.finance.back')}
            </button>
          </div>
        </form>
      )}
      {refunded.error && (
        <p className="notice" role="alert">
          {errorMessage(refunded.error) ?? t('backOffice.failed')}
        </p>
      )}
      {refunded.data && (
        <p role="status" className="office-done" data-testid="office-refund-done">
          {refunded.data.state === 'done'
            ? t('backOffice.finance.refund.done', { refund: formatYen(refunded.data.quote.refundAmount, locale) })
            : t(`backOffice.finance.refund.${refunded.data.state}`)}
        </p>
      )}
    </section>
  );
}

/** /staff/office/:parkId/orders/:orderId. */
export function OfficeOrderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useParams();
  const parkId = Number(params.parkId);
  const orderId = Number(params.orderId);
  const { data: order, error } = useParkOrderQuery({ parkId, orderId }, { skip: !(parkId > 0 && orderId > 0) });
  return (
    <div className="stack office" data-testid="office-order">
      <BackLinks parkId={parkId} order />
      <h1 className="page-title">{order ? order.applicationNumber : t('backOffice.finance.order')}</h1>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('backOffice.failed')}
        </p>
      )}
      {order && (
        <>
          <p>
            <span className="badge" data-testid="order-state">
              {t(`backOffice.finance.orderState.${order.state}`)}
            </span>
          </p>
          <div className="office-cards">
            <section className="panel" aria-labelledby="office-customer" data-testid="office-customer-card">
              <h2 id="office-customer">{t('backOffice.finance.customer')}</h2>
              <dl className="office-facts">
                <dt>{t('backOffice.finance.name')}</dt>
                <dd>{order.customer.name}</dd>
                <dt>{t('backOffice.finance.by.email')}</dt>
                <dd className="office-break">
                  {order.customer.email ? <Email address={order.customer.email} /> : '—'}
                </dd>
                <dt>{t('backOffice.finance.by.phone')}</dt>
                <dd>{order.customer.telephone ?? '—'}</dd>
                <dt>{t('backOffice.finance.orderedAt')}</dt>
                <dd>{formatDateTime(order.orderedAt, locale)}</dd>
              </dl>
            </section>
            <section className="panel" aria-labelledby="office-payment" data-testid="office-payment-card">
              <h2 id="office-payment">{t('backOffice.finance.payment')}</h2>
              <dl className="office-facts">
                <dt>{t('backOffice.finance.method')}</dt>
                <dd>{t(`backOffice.finance.methods.${order.paymentMethod}`)}</dd>
                <dt>{t('backOffice.finance.subtotal')}</dt>
                <dd>{formatYen(order.subtotal, locale)}</dd>
                {order.couponDiscount > 0 && (
                  <>
                    <dt>{t('backOffice.finance.coupon')}</dt>
                    <dd>−{formatYen(order.couponDiscount, locale)}</dd>
                  </>
                )}
                {order.coinDiscount > 0 && (
                  <>
                    <dt>{t('backOffice.finance.coins')}</dt>
                    <dd>−{formatNumber(order.coinDiscount, locale)}</dd>
                  </>
                )}
                <dt>{t('backOffice.finance.paid')}</dt>
                <dd>{formatYen(order.amountPaid, locale)}</dd>
                {order.payment && (
                  <>
                    <dt>{t('backOffice.finance.paymentState')}</dt>
                    <dd data-testid="payment-state">{t(`backOffice.finance.paymentStates.${order.payment.state}`)}</dd>
                    <dt>{t('backOffice.finance.refunded')}</dt>
                    <dd data-testid="payment-refunded">{formatYen(order.payment.refundedAmount, locale)}</dd>
                  </>
                )}
              </dl>
            </section>
          </div>
          <section className="panel" aria-labelledby="office-lines">
            <h2 id="office-lines">{t('backOffice.finance.lines')}</h2>
            <ul className="office-list">
              {order.lines.map((l) => (
                <li key={l.id} className="office-line">
                  <strong>{l.name}</strong>
                  <span className="muted">
                    {formatDate(l.date, locale)}
                    {l.time ? ` ${l.time}` : ''}
                  </span>
                  <span>
                    {l.units.map((u) => `${u.name} ${formatYen(u.unitPrice, locale)} × ${u.quantity}`).join(' / ')}
                  </span>
                  <span>{formatYen(l.subtotal, locale)}</span>
                </li>
              ))}
            </ul>
          </section>
          <CancelPanel parkId={parkId} order={order} />
          <RefundPanel parkId={parkId} order={order} />
          {order.cancellations.length > 0 && (
            <section className="panel" aria-labelledby="office-cancellations">
              <h2 id="office-cancellations">{t('backOffice.finance.cancellations')}</h2>
              <ul className="office-list">
                {order.cancellations.map((c) => (
                  <li key={c.id} className="muted" data-testid="office-cancellation">
                    {formatDateTime(c.at, locale)} ·{' '}
                    {t('backOffice.finance.cancellationLine', {
                      count: c.ticketIds.length,
                      rate: c.chargeRate,
                      fee: formatYen(c.fee, locale),
                      refund: formatYen(c.refundAmount, locale),
                      coins: formatNumber(c.refundCoins, locale),
                    })}{' '}
                    · {t(`backOffice.finance.cancellationState.${c.state}`)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /staff/office/:parkId/reports?from=&to= (or ?date=, one day): the period's table per item and time slot, the
 * day's occupancy, and the downloads (report, orders, refunds, invoice register, pass reports).
 */
export function OfficeReportPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const [params, setParams] = useSearchParams();
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? (params.get(key) as string) : null);
  const from = day('from') ?? day('date') ?? tokyoDate();
  const to = day('to') ?? day('date') ?? from;
  const valid = from <= to && daysBetween(from, to) < 366;
  const {
    data: report,
    error,
    isFetching,
  } = useDailyReportQuery({ parkId, from, to }, { skip: !(parkId > 0) || !valid });
  const setRange = (f: string, u: string) => {
    if (DAY.test(f) && DAY.test(u)) setParams(f === u ? { date: f } : { from: f, to: u }, { replace: true });
  };
  // The arrows move the whole period by its length (a day, a week...).
  const span = daysBetween(from, to) + 1;
  const columns = ['soldPlaces', 'amount', 'cancelledPlaces', 'refundAmount', 'admitted'] as const;
  const cell = (key: (typeof columns)[number], n: number) =>
    key === 'amount' || key === 'refundAmount' ? formatYen(n, locale) : formatNumber(n, locale);
  const oneDay = from === to;
  return (
    <div className="stack office" data-testid="office-report">
      <BackLinks parkId={parkId} />
      <h1 className="page-title">{t('backOffice.finance.report')}</h1>
      <div className="panel office-report-bar">
        <div className="field">
          <label htmlFor="report-from">{t('backOffice.finance.from')}</label>
          <input
            id="report-from"
            type="date"
            className="input"
            value={from}
            // A start after the end moves the end with it.
            onChange={(e) => setRange(e.target.value, [e.target.value, to].sort().at(-1) ?? to)}
            data-testid="report-date"
          />
        </div>
        <div className="field">
          <label htmlFor="report-to">{t('backOffice.finance.to')}</label>
          <input
            id="report-to"
            type="date"
            className="input"
            value={to}
            min={from}
            onChange={(e) => setRange(from, e.target.value)}
            data-testid="report-to"
          />
        </div>
        <div className="office-actions">
          <button type="button" className="button" onClick={() => setRange(addDays(from, -span), addDays(to, -span))}>
            {t('backOffice.finance.prevDay')}
          </button>
          <button type="button" className="button" onClick={() => setRange(addDays(from, span), addDays(to, span))}>
            {t('backOffice.finance.nextDay')}
          </button>
        </div>
      </div>
      {!valid && (
        <p className="notice" role="alert">
          {t('backOffice.finance.rangeInvalid')}
        </p>
      )}
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('backOffice.failed')}
        </p>
      )}
      {report && valid && (
        <section
          className="office-table-wrap"
          aria-busy={isFetching}
          aria-labelledby="report-caption"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this named region, which keyboard users must be able to focus to scroll it (axe scrollable-region-focusable)
          tabIndex={0}
        >
          <h2 id="report-caption" className="office-table-title">
            {oneDay
              ? t('backOffice.finance.reportCaption', { date: formatDate(report.from, locale) })
              : t('backOffice.finance.rangeCaption', {
                  from: formatDate(report.from, locale),
                  to: formatDate(report.to, locale),
                })}
          </h2>
          <table className="office-table" data-testid="report-table" aria-labelledby="report-caption">
            <thead>
              <tr>
                <th scope="col">{t('backOffice.finance.item')}</th>
                {columns.map((k) => (
                  <th scope="col" key={k}>
                    {t(`backOffice.finance.columns.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.flatMap((r) => [
                <tr key={r.itemId} data-testid="report-row">
                  <th scope="row">{r.itemName}</th>
                  {columns.map((k) => (
                    <td key={k} data-label={t(`backOffice.finance.columns.${k}`)}>
                      {cell(k, r[k])}
                    </td>
                  ))}
                </tr>,
                ...r.slots.map((slot) => (
                  <tr key={`${r.itemId}:${slot.slotId}`} className="office-table__sub" data-testid="report-slot-row">
                    <th scope="row">
                      <span className="visually-hidden">{r.itemName} </span>
                      {slot.label}
                    </th>
                    {columns.map((k) => (
                      <td key={k} data-label={t(`backOffice.finance.columns.${k}`)}>
                        {cell(k, slot[k])}
                      </td>
                    ))}
                  </tr>
                )),
              ])}
              {report.rows.length === 0 && (
                <tr>
                  <td colSpan={columns.length + 1} className="muted office-table__empty">
                    {oneDay ? t('backOffice.finance.nothing') : t('backOffice.finance.nothingInRange')}
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('backOffice.finance.total')}</th>
                {columns.map((k) => (
                  <td key={k} data-label={t(`backOffice.finance.columns.${k}`)}>
                    {cell(k, report.totals[k])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </section>
      )}
      {report?.occupancy && <OccupancyTable occupancy={report.occupancy} />}
      <FinanceDownloads parkId={parkId} range={valid ? { from, to } : null} />
      <PassReportDownloads parkId={parkId} />
      <ReconciliationPanel parkId={parkId} />
    </div>
  );
}

/** The finance CSVs: the period's report, orders and refunds, and the invoice register (plain download links). */
function FinanceDownloads({ parkId, range }: { parkId: number; range: { from: string; to: string } | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const links: [string, string | undefined][] = [
    ['csv', range ? reportCsvUrl(parkId, 'daily', range, locale) : undefined],
    ['ordersCsv', range ? reportCsvUrl(parkId, 'orders', range, locale) : undefined],
    ['refundsCsv', range ? reportCsvUrl(parkId, 'refunds', range, locale) : undefined],
    ['registerCsv', invoiceCsvUrl(parkId, 'invoices/register', locale)],
    ['invoicesCsv', invoiceCsvUrl(parkId, 'invoices', locale)],
    ['creditNotesCsv', invoiceCsvUrl(parkId, 'credit-notes', locale)],
  ];
  return (
    <section className="panel stack" aria-labelledby="finance-downloads" data-testid="finance-downloads">
      <h2 id="finance-downloads">{t('backOffice.finance.downloads')}</h2>
      <p className="muted">{t('backOffice.finance.downloadsLead')}</p>
      <div className="office-actions">
        {links.map(([key, href]) => (
          <a
            key={key}
            className={key === 'csv' ? 'button button--primary' : 'button'}
            href={href}
            aria-disabled={!href || undefined}
            download
            data-testid={key === 'csv' ? 'report-csv' : `finance-${key}`}
          >
            {t(`backOffice.finance.${key}`)}
          </a>
        ))}
      </div>
    </section>
  );
}

/** The park's occupancy that day: entries and exits at the gates per hour, and how many were inside. */
function OccupancyTable({ occupancy }: { occupancy: Occupancy }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section
      className="office-table-wrap"
      aria-labelledby="occupancy-caption"
      data-testid="report-occupancy"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this named region, which keyboard users must be able to focus to scroll it (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <h2 id="occupancy-caption" className="office-table-title">
        {t('backOffice.finance.occupancy.title', { inside: formatNumber(occupancy.inside, locale) })}
      </h2>
      <table className="office-table" aria-labelledby="occupancy-caption">
        <thead>
          <tr>
            <th scope="col">{t('backOffice.finance.occupancy.hour')}</th>
            <th scope="col">{t('backOffice.finance.occupancy.entries')}</th>
            <th scope="col">{t('backOffice.finance.occupancy.exits')}</th>
            <th scope="col">{t('backOffice.finance.occupancy.inside')}</th>
          </tr>
        </thead>
        <tbody>
          {occupancy.hours.map((h) => (
            <tr key={h.hour}>
              <th scope="row">{`${String(h.hour).padStart(2, '0')}:00`}</th>
              <td data-label={t('backOffice.finance.occupancy.entries')}>{formatNumber(h.entries, locale)}</td>
              <td data-label={t('backOffice.finance.occupancy.exits')}>{formatNumber(h.exits, locale)}</td>
              <td data-label={t('backOffice.finance.occupancy.inside')}>{formatNumber(h.inside, locale)}</td>
            </tr>
          ))}
          {occupancy.hours.length === 0 && (
            <tr>
              <td colSpan={4} className="muted office-table__empty">
                {t('backOffice.finance.occupancy.none')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/**
 * What the reconciliation sweep found wrong in the park's books (money kept without tickets is given back by the
 * sweep itself; the rest needs a person). Empty in a healthy park.
 */
function ReconciliationPanel({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data, error } = useReconciliationQuery({ parkId }, { skip: !(parkId > 0) });
  return (
    <section className="panel stack" aria-labelledby="reconciliation-title" data-testid="reconciliation">
      <h2 id="reconciliation-title" className="office-table-title">
        {t('backOffice.finance.reconciliation.title')}
      </h2>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('backOffice.failed')}
        </p>
      )}
      {data && data.length === 0 && (
        <p className="muted" data-testid="reconciliation-empty">
          {t('backOffice.finance.reconciliation.none')}
        </p>
      )}
      {data && data.length > 0 && (
        <ul className="stack" data-testid="reconciliation-list">
          {data.map((f) => (
            <li key={f.id} data-testid="reconciliation-finding">
              <strong>{t(`backOffice.finance.reconciliation.kinds.${f.kind}`)}</strong>{' '}
              {f.orderId !== null && (
                <Link to={`/staff/office/${parkId}/orders/${f.orderId}`}>
                  {t('backOffice.finance.reconciliation.order', { id: f.orderId })}
                </Link>
              )}{' '}
              <span className="muted">{formatDateTime(f.foundAt, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
