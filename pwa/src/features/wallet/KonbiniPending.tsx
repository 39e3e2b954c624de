// My Tickets: the visitor's konbini orders still awaiting payment at the store (issue 32), each with its store,
// deadline and a link to its payment number. Online only: offline (or on any error) it shows nothing.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Envelope } from '../../../../common/dto/api';
import { KonbiniStore } from '../../../../common/enums';
import type { KonbiniSlipView } from '../../../../common/rules/paymentState';
import { api } from '../../lib/api';
import { formatDateTime, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';

export interface PendingKonbini {
  paymentId: string;
  orderId: number;
  applicationNumber: string;
  amount: number;
  slip: KonbiniSlipView;
}

const konbiniApi = api.injectEndpoints({
  endpoints: (build) => ({
    pendingKonbini: build.query<Envelope<PendingKonbini[]>, void>({
      query: () => '/me/konbini-payments',
      keepUnusedDataFor: 0,
    }),
  }),
});

const STORES = new Set<string>(Object.values(KonbiniStore));

export function KonbiniPending() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = konbiniApi.usePendingKonbiniQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <section
      className="wallet-park konbini-pending"
      aria-labelledby="konbini-pending-title"
      data-testid="konbini-pending"
    >
      <h2 id="konbini-pending-title" className="wallet-park__name">
        {t('konbini.pending.title')}
      </h2>
      <ul className="konbini-pending__list">
        {list.map((p) => (
          <li key={p.paymentId} className="konbini-pending__item" data-testid="konbini-pending-order">
            <p>
              <strong>{t('konbini.pending.order', { number: p.applicationNumber })}</strong>{' '}
              {formatYen(p.amount, locale)}
            </p>
            <p className="muted">
              {t('konbini.pending.payBy', {
                deadline: formatDateTime(p.slip.deadline, locale),
                store: STORES.has(p.slip.convenience) ? t(`konbini.stores.${p.slip.convenience}`) : p.slip.convenience,
              })}
            </p>
            <Link
              className="button button--small konbini-pending__link"
              to={`/payment/konbini?payment_id=${p.paymentId}`}
            >
              {t('konbini.pending.show')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
