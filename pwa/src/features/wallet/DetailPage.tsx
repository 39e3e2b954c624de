import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TicketDetail } from '../../../../common/dto/wallet';
import { walletDb } from '../../db/wallet';
import { formatDateTime, formatYen } from '../../lib/format';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import { OfflineNote, SignInPrompt } from './components';
import { ticketSubtotalOf } from './rules';
import { fetchDetail } from './walletSync';

/** The ticket's order detail from IndexedDB, fetched again when online. */
function useDetail(id: string | undefined) {
  const row = useLiveQuery(async () => (id ? ((await walletDb().details.get(id)) ?? null) : null), [id]);
  const [fetching, setFetching] = useState(true);
  useEffect(() => {
    if (!id || !navigator.onLine) {
      setFetching(false);
      return;
    }
    void fetchDetail(walletDb(), id)
      .catch(() => false)
      .finally(() => setFetching(false));
  }, [id]);
  return { detail: row?.detail, fetchedAt: row?.fetchedAt, loading: row === undefined || (row === null && fetching) };
}

function DetailShell({
  id,
  title,
  fetchedAt,
  children,
}: {
  id: string;
  title: string;
  fetchedAt: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="wallet stack" data-testid="ticket-detail-page">
      <Link className="wallet-back" to={`/my-tickets/ticket/${encodeURIComponent(id)}`}>
        ← {t('wallet.ticket.backToTicket')}
      </Link>
      <OfflineNote asOf={fetchedAt} />
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}

function Gate({ id, title, children }: { id: string; title: string; children: (detail: TicketDetail) => ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const { detail, fetchedAt, loading } = useDetail(id);
  if (!signedIn) return <SignInPrompt />;
  return (
    <DetailShell id={id} title={title} fetchedAt={fetchedAt}>
      {loading ? (
        <div className="loading" aria-busy="true" />
      ) : detail ? (
        children(detail)
      ) : (
        <p className="notice" data-testid="detail-missing">
          {t('wallet.detail.notSaved')}
        </p>
      )}
    </DetailShell>
  );
}

const NOWRAP = new Set(['detail-application-number', 'detail-ticket-number', 'detail-pack-number']);

/** /my-tickets/ticket/:id/detail: the order (application) the ticket came from. */
export default function DetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id = '' } = useParams();
  return (
    <Gate id={id} title={t('wallet.detail.title')}>
      {(d) => {
        const minus = (yen: number) => (yen > 0 ? `−${formatYen(yen, locale)}` : formatYen(0, locale));
        const rows: [string, ReactNode, string][] = [
          [t('wallet.detail.applicationNumber'), d.applicationNumber, 'detail-application-number'],
          [t('wallet.detail.orderedAt'), formatDateTime(d.orderedAt, locale), 'detail-ordered-at'],
          [t('wallet.detail.ticketSubtotal'), formatYen(ticketSubtotalOf(d), locale), 'detail-ticket-subtotal'],
          [t('wallet.detail.subtotal'), formatYen(d.subtotal, locale), 'detail-subtotal'],
          [t('wallet.detail.couponDiscount'), minus(d.couponDiscount), 'detail-coupon'],
          [t('wallet.detail.coinDiscount'), minus(d.coinDiscount), 'detail-coins'],
          [t('wallet.detail.total'), formatYen(d.total, locale), 'detail-total'],
          [
            t('wallet.detail.method'),
            t(`wallet.detail.methods.${d.paymentMethod}`, { defaultValue: String(d.paymentMethod) }),
            'detail-method',
          ],
          [t('wallet.detail.amountPaid'), formatYen(d.amountPaid, locale), 'detail-amount-paid'],
          [
            t('wallet.detail.status'),
            t(`wallet.detail.orderStates.${d.orderState}`, { defaultValue: d.orderState }),
            'detail-status',
          ],
          [t('wallet.detail.ticketNumber'), d.ticket.ticketNumber, 'detail-ticket-number'],
          [t('wallet.detail.packNumber'), d.ticket.packNumber ?? t('wallet.detail.none'), 'detail-pack-number'],
          [
            t('wallet.detail.usedAt'),
            d.ticket.usedAt ? formatDateTime(d.ticket.usedAt, locale) : t('wallet.detail.notUsed'),
            'detail-used-at',
          ],
        ];
        return (
          <>
            <p className="wallet-detail-item">
              {d.ticket.itemName} · {d.ticket.park.name}
            </p>
            <dl className="wallet-facts">
              {rows.map(([label, value, testId]) => (
                <div key={testId}>
                  <dt>{label}</dt>
                  <dd data-testid={testId} className={NOWRAP.has(testId) ? 'nowrap' : undefined}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {d.orderState !== 'failed' && (
              <p>
                <Link to={`/my-tickets/orders/${d.ticket.orderId}/receipt`} data-testid="detail-receipt">
                  {t('wallet.detail.receipt')}
                </Link>
              </p>
            )}
          </>
        );
      }}
    </Gate>
  );
}

/** /my-tickets/ticket/:id/advance-information: what was given at checkout for this holder. */
export function AdvanceInformationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Gate id={id} title={t('wallet.advance.title')}>
      {(d) =>
        d.advanceInformation.length === 0 ? (
          <p className="empty-state" data-testid="advance-empty">
            {t('wallet.advance.empty')}
          </p>
        ) : (
          <dl className="wallet-facts" data-testid="advance-information">
            {d.advanceInformation.map((f) => (
              <div key={f.key}>
                <dt>{f.label}</dt>
                <dd>
                  {f.photoUrl ? (
                    <img className="wallet-face__img" src={f.photoUrl} alt={t('wallet.advance.photo')} />
                  ) : (
                    (f.value ?? '—')
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )
      }
    </Gate>
  );
}
