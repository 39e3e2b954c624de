// /staff: the parks this staff member scans for, today's counts and occupancy, the gate's name and the items it
// admits, sync, and the way to the scanner
// and to the review of flagged scans. Works offline from what the last sync stored.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type GatePark, walletDb } from '../../db/wallet';
import { formatDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { GateStatus } from './components';
import { useGateItems, useGateParks, useGateSync } from './gateHooks';
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

/** Inside the park now (entries minus exits), and per hour of today. */
function OccupancyLine({ park }: { park: GatePark }) {
  const { t } = useTranslation();
  const o = park.today.occupancy;
  if (!o) return null;
  return (
    <div className="staff-occupancy" data-testid="staff-occupancy" data-inside={o.inside}>
      <p className="staff-occupancy__now">
        {t('staff.occupancy.now', { inside: o.inside })}{' '}
        <span className="muted">{t('staff.occupancy.moves', { entries: o.entries, exits: o.exits })}</span>
      </p>
      {o.hours.length > 0 && (
        <details>
          <summary>{t('staff.occupancy.byHour')}</summary>
          <table className="staff-occupancy__hours">
            <thead>
              <tr>
                <th scope="col">{t('staff.occupancy.hour')}</th>
                <th scope="col">{t('staff.occupancy.entries')}</th>
                <th scope="col">{t('staff.occupancy.exits')}</th>
                <th scope="col">{t('staff.occupancy.inside')}</th>
              </tr>
            </thead>
            <tbody>
              {o.hours.map((h) => (
                <tr key={h.hour}>
                  <th scope="row">{`${String(h.hour).padStart(2, '0')}:00`}</th>
                  <td>{h.entries}</td>
                  <td>{h.exits}</td>
                  <td>{h.inside}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

/** The items this device's gate admits at the park (none ticked: every item), kept on the device. */
function GateItemsField({ park }: { park: GatePark }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useGateItems(park.id);
  const items = park.items ?? [];
  if (items.length === 0) return null;
  const toggle = (id: number, on: boolean) =>
    setChosen(on ? [...new Set([...chosen, id])] : chosen.filter((x) => x !== id));
  return (
    <details className="staff-gate-items" data-testid="gate-items">
      <summary>
        {chosen.length === 0 ? t('staff.gateItems.all') : t('staff.gateItems.some', { count: chosen.length })}
      </summary>
      <fieldset>
        <legend>{t('staff.gateItems.legend')}</legend>
        {items.map((i) => (
          <label key={i.id} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(i.id)}
              onChange={(e) => toggle(i.id, e.target.checked)}
              data-testid="gate-item"
              data-item-id={i.id}
            />{' '}
            {i.name}
          </label>
        ))}
        <p className="muted">{t('staff.gateItems.hint')}</p>
      </fieldset>
    </details>
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
            <OccupancyLine park={p} />
            {p.today.toReview > 0 && <p className="badge">{t('staff.toReview', { count: p.today.toReview })}</p>}
            <GateItemsField park={p} />
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
