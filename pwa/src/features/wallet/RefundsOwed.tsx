// My Tickets: the visitor's konbini refunds still owed by bank transfer, each with its amount, state and a link to
// the page where the account is entered (so it is found again without the notice). Online only: offline (or on any
// error) it shows nothing.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useMyBankTransfersQuery } from './refundApi';

export function RefundsOwed() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = useMyBankTransfersQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="wallet-park konbini-pending" aria-labelledby="refunds-owed-title" data-testid="refunds-owed">
      <h2 id="refunds-owed-title" className="wallet-park__name">
        {t('konbini.refund.title')}
      </h2>
      <ul className="konbini-pending__list">
        {list.map((x) => (
          <li key={x.id} className="konbini-pending__item">
            <p>
              {x.applicationNumber} · {formatYen(x.amount, locale)} · {t(`konbini.refund.states.${x.state}`)}
            </p>
            <Link
              className="button button--small konbini-pending__link"
              to={`/my-tickets/refunds/${x.id}`}
              data-testid="refunds-owed-link"
            >
              {x.state === 'awaiting_account' ? t('konbini.refund.save') : t('konbini.refund.change')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
