// /staff/scans?park=<id>: flagged acts of the park (duplicates across devices, admissions with a revoked QR code or
// of a ticket cancelled since, device clocks that cannot be right), each beside the act that marked the ticket,
// with device, gate and time; a staff member marks each reviewed. Online only (the server holds every device's).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ActView, FlaggedAct } from '../../../../common/dto/staff';
import { formatDateTime, formatTimeToSecond } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useLocale } from '../../lib/useLocale';
import { GateStatus } from './components';
import { useGateParks } from './gateHooks';
import { useFlaggedActsQuery, useReviewActMutation } from './staffApi';

function Act({ act, title }: { act: ActView; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="review-act" data-testid={act.accepted ? 'review-accepted' : 'review-act'}>
      <p className="review-act__title">
        {title}
        {act.flag && (
          <span className="badge review-act__flag" data-testid="review-flag" data-flag={act.flag}>
            {t(`staff.reviewPage.flags.${act.flag}`)}
          </span>
        )}
      </p>
      <p>
        {t('staff.reviewPage.actLine', {
          source: t(`staff.reviewPage.sources.${act.direction === 'out' ? 'exit' : act.source}`),
          at: formatTimeToSecond(act.actedAt, locale),
          gate: act.gateName || t('staff.reviewPage.unknownGate'),
        })}
      </p>
      <p className="muted">
        {[
          act.deviceId,
          act.staffName,
          t('staff.reviewPage.received', { at: formatTimeToSecond(act.receivedAt, locale) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </div>
  );
}

function Entry({ entry }: { entry: FlaggedAct }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [review, { isLoading }] = useReviewActMutation();
  return (
    <li className="panel review-entry" data-testid="review-entry" data-scan-id={entry.act.scanId}>
      <p className="review-entry__ticket">
        {t('staff.reviewPage.ticket', { number: entry.ticket.ticketNumber, item: entry.ticket.itemName })}
      </p>
      <Act act={entry.act} title={t('staff.reviewPage.act')} />
      {entry.accepted && entry.accepted.scanId !== entry.act.scanId ? (
        <Act act={entry.accepted} title={t('staff.reviewPage.accepted')} />
      ) : (
        !entry.accepted && <p className="muted">{t('staff.reviewPage.noAccepted')}</p>
      )}
      {entry.reviewedAt ? (
        <p className="muted" data-testid="review-done">
          {t('staff.reviewPage.reviewedBy', {
            name: entry.reviewedBy ?? '',
            at: formatDateTime(entry.reviewedAt, locale),
          })}
        </p>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => void review(entry.act.scanId)}
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          data-testid="review-mark"
        >
          {t('staff.reviewPage.markReviewed')}
        </button>
      )}
    </li>
  );
}

export default function ReviewPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [params] = useSearchParams();
  const parks = useGateParks();
  const parkId = Number(params.get('park')) || parks?.[0]?.id || 0;
  const [reviewed, setReviewed] = useState(false);
  const list = useFlaggedActsQuery({ parkId, reviewed }, { skip: !parkId || !online });
  const park = parks?.find((p) => p.id === parkId);
  return (
    <div className="stack review-page" data-testid="review-page">
      <h1 className="page-title">{t('staff.reviewPage.title')}</h1>
      {park && <p className="muted">{park.name}</p>}
      <p className="muted">{t('staff.reviewPage.lead')}</p>
      <GateStatus parkId={parkId || undefined} />
      {!online && <p className="notice">{t('staff.reviewPage.offline')}</p>}
      {list.isError && <p className="notice">{t('staff.notStaff')}</p>}
      {online && parkId > 0 && (
        <button type="button" className="button" onClick={() => setReviewed(!reviewed)} aria-pressed={reviewed}>
          {reviewed ? t('staff.reviewPage.showOpen') : t('staff.reviewPage.showReviewed')}
        </button>
      )}
      {list.data && list.data.length === 0 && <p className="empty-state">{t('staff.reviewPage.empty')}</p>}
      <ul className="review-list">
        {(list.data ?? []).map((e) => (
          <Entry key={e.act.scanId} entry={e} />
        ))}
      </ul>
    </div>
  );
}
