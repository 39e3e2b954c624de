// /staff: the parks this staff member scans for, today's counts, the gate's name, sync, and the way to the scanner
// and to the review of flagged scans. Works offline from what the last sync stored.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { walletDb } from '../../db/wallet';
import { formatDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { GateStatus } from './components';
import { useGateParks, useGateSync } from './gateHooks';
import { GATE_META, gateIdentity } from './gateSync';

function GateNameField() {
  const { t } = useTranslation();
  // Made once per device (a write: not inside a live query).
  const [identity, setIdentity] = useState<{ deviceId: string; gateName: string } | null>(null);
  useEffect(() => {
    void gateIdentity().then(setIdentity);
  }, []);
  if (!identity) return null;
  return (
    <div className="field">
      <label htmlFor="gate-name">{t('staff.gateName')}</label>
      <input
        id="gate-name"
        type="text"
        className="input"
        maxLength={40}
        defaultValue={identity.gateName}
        data-testid="gate-name"
        onChange={(e) => void walletDb().meta.put({ key: GATE_META.gateName, value: e.target.value.trim() })}
        aria-describedby="gate-name-hint"
      />
      <p id="gate-name-hint" className="muted">
        {t('staff.gateNameHint')} {t('staff.device', { id: identity.deviceId })}
      </p>
    </div>
  );
}

export default function StaffPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const parks = useGateParks();
  const { outcome, syncing, run } = useGateSync();
  return (
    <div className="stack staff-page" data-testid="staff-page">
      <h1 className="page-title">{t('staff.title')}</h1>
      <p className="muted">{t('staff.lead')}</p>
      <GateStatus />
      {outcome === 'notStaff' && <p className="notice">{t('staff.notStaff')}</p>}
      {outcome === 'failed' && <p className="notice">{t('staff.syncFailed')}</p>}
      <button
        type="button"
        className="button"
        onClick={run}
        disabled={syncing}
        aria-busy={syncing || undefined}
        data-testid="gate-sync"
      >
        {syncing ? t('staff.syncing') : t('staff.sync')}
      </button>
      <Link className="button" to="/staff/office" data-testid="staff-office-link">
        {t('staff.backOffice')}
      </Link>
      <GateNameField />
      <h2>{t('staff.parks')}</h2>
      {parks && parks.length === 0 && outcome !== 'notStaff' && <p className="muted">{t('staff.noParks')}</p>}
      <ul className="staff-parks">
        {(parks ?? []).map((p) => (
          <li key={p.id} className="panel staff-park" data-testid="staff-park" data-park-id={p.id}>
            <h3>{p.name}</h3>
            <p className="muted">
              {t('staff.today', { date: formatDate(p.today.date, locale) })} ·{' '}
              {t('staff.counts', { tickets: p.today.tickets, admitted: p.today.admitted })}
            </p>
            {p.today.toReview > 0 && <p className="badge">{t('staff.toReview', { count: p.today.toReview })}</p>}
            <div className="staff-park__actions">
              <Link className="button button--primary" to={`/staff/scan?park=${p.id}`} data-testid="staff-scan-link">
                {t('staff.scan')}
              </Link>
              <Link className="button" to={`/staff/scans?park=${p.id}`} data-testid="staff-review-link">
                {t('staff.review')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
