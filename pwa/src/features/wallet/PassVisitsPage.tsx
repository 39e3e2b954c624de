import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PassVisit } from '../../../../common/dto/pass';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePassCards } from './MemberCardPage';
import { usePassVisitsQuery } from './walletApi';

/** The visits of a pass: date, park, gate (and time) of the first entry, entries that day, who. */
export function PassVisitsTable({ visits }: { visits: readonly PassVisit[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (visits.length === 0) return <p className="empty-state">{t('passes.visits.empty')}</p>;
  return (
    <table className="pass-visits" data-testid="pass-visits">
      <thead>
        <tr>
          <th scope="col">{t('passes.visits.date')}</th>
          <th scope="col">{t('passes.visits.holder')}</th>
          <th scope="col">{t('passes.visits.park')}</th>
          <th scope="col">{t('passes.visits.gate')}</th>
          <th scope="col">{t('passes.visits.entries')}</th>
        </tr>
      </thead>
      <tbody>
        {visits.map((v) => (
          <tr key={v.visitTicketId} data-testid="pass-visit">
            <td>
              <time dateTime={v.date}>{formatDate(v.date, locale)}</time>
            </td>
            <td>{v.holderName}</td>
            <td>{v.parkName}</td>
            <td>
              {v.gateName ?? t('passes.visits.unknownGate')}
              {v.firstEntryAt && <small className="muted"> {formatDateTime(v.firstEntryAt, locale)}</small>}
            </td>
            <td>{t('passes.visits.count', { count: v.entries })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /my-tickets/pass/:passId/visits (GET api/v1/me/passes/{passId}/visits). */
export default function PassVisitsPage() {
  const { t } = useTranslation();
  const passId = Number(useParams().passId);
  const cards = usePassCards(passId);
  const { data, isLoading, error } = usePassVisitsQuery(passId);
  return (
    <div className="wallet" data-testid="pass-visits-page">
      <p className="wallet-back">
        <Link to={`/my-tickets/pass/${passId}`}>{t('passes.card.title')}</Link>
      </p>
      <h1 className="wallet-head__title">{t('passes.visits.title')}</h1>
      {cards?.[0] && <p className="muted">{cards[0].product.name}</p>}
      <QueryState isLoading={isLoading} error={error}>
        {() => <PassVisitsTable visits={data?.data ?? []} />}
      </QueryState>
    </div>
  );
}
