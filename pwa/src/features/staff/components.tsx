import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useLocale } from '../../lib/useLocale';
import { useLastSync, useWaitingScans } from './gateHooks';
import './staff.css';

/** Always on a staff screen: online or offline, the last sync, and admissions waiting to upload. */
export function GateStatus({ parkId }: { parkId?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const last = useLastSync();
  const waiting = useWaitingScans(parkId);
  return (
    <p className="gate-status" data-testid="gate-status" aria-live="polite">
      <span className={`gate-status__net gate-status__net--${online ? 'on' : 'off'}`} data-testid="gate-online">
        {online ? t('staff.status.online') : t('staff.status.offline')}
      </span>
      <span data-testid="gate-last-sync">
        {last ? t('staff.status.lastSync', { at: formatDateTime(last, locale) }) : t('staff.status.never')}
      </span>
      <span data-testid="gate-waiting" data-count={waiting ?? ''}>
        {waiting === undefined
          ? t('staff.status.reading')
          : waiting
            ? t('staff.status.waiting', { count: waiting })
            : t('staff.status.allSent')}
      </span>
    </p>
  );
}
