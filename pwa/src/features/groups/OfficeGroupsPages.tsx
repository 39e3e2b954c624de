import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../lib/components/QueryState';
import {
  type GroupSettings,
  type GroupState,
  messageOf,
  useGroupActionMutation,
  useGroupArrivalsQuery,
  useOfficeGroupRequestQuery,
  useOfficeGroupRequestsQuery,
  useOfficeGroupSettingsQuery,
  useSaveGroupSettingsMutation,
} from './groupsApi';
import { GroupFacts } from './MyGroupRequestsPages';

const STATES: GroupState[] = ['requested', 'approved', 'paid', 'declined', 'released'];

function SettingsForm({ parkId, settings }: { parkId: number; settings: GroupSettings }) {
  const { t } = useTranslation();
  const [save, saving] = useSaveGroupSettingsMutation();
  const [note, setNote] = useState<string | null>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const res = await save({
      parkId,
      settings: {
        minSize: Number(f.get('minSize')),
        maxSize: Number(f.get('maxSize')),
        exemptionKinds: String(f.get('exemptionKinds') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        bankAccount: String(f.get('bankAccount') ?? ''),
        paymentDays: Number(f.get('paymentDays')),
      },
    });
    setNote('error' in res ? (messageOf(res.error) ?? '!') : t('groups.saved'));
  }
  return (
    <form onSubmit={submit} className="panel" data-testid="group-settings">
      <h2>{t('groups.settings')}</h2>
      <label htmlFor="gs-min">{t('groups.minSize')}</label>
      <input id="gs-min" name="minSize" type="number" min={1} defaultValue={settings.minSize} required />
      <label htmlFor="gs-max">{t('groups.maxSize')}</label>
      <input id="gs-max" name="maxSize" type="number" min={1} defaultValue={settings.maxSize} required />
      <label htmlFor="gs-kinds">{t('groups.exemptionKinds')}</label>
      <input id="gs-kinds" name="exemptionKinds" defaultValue={settings.exemptionKinds.join(', ')} />
      <label htmlFor="gs-bank">{t('groups.bankAccount')}</label>
      <textarea id="gs-bank" name="bankAccount" rows={2} defaultValue={settings.bankAccount} />
      <label htmlFor="gs-days">{t('groups.paymentDays')}</label>
      <input id="gs-days" name="paymentDays" type="number" min={1} max={90} defaultValue={settings.paymentDays} />
      <button type="submit" className="button" disabled={saving.isLoading}>
        {t('groups.save')}
      </button>
      {note && <p role="status">{note}</p>}
    </form>
  );
}

/** /staff/office/:parkId/groups: the park's group requests (by state) and its group settings. */
export function OfficeGroupsPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const [state, setState] = useState<GroupState | ''>('');
  const list = useOfficeGroupRequestsQuery({ parkId, state: state || undefined });
  const settings = useOfficeGroupSettingsQuery(parkId).data?.data;
  return (
    <div className="office group-page" data-testid="office-groups">
      <p>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </p>
      <h1>{t('groups.officeTitle')}</h1>
      <label htmlFor="og-state">{t('groups.filter')}</label>{' '}
      <select id="og-state" value={state} onChange={(e) => setState(e.target.value as GroupState | '')}>
        <option value="">{t('groups.all')}</option>
        {STATES.map((s) => (
          <option key={s} value={s}>
            {t(`groups.states.${s}`)}
          </option>
        ))}
      </select>
      <QueryState isLoading={list.isLoading} error={list.error}>
        {() => (
          <ul className="office-list">
            {(list.data?.data ?? []).map((r) => (
              <li key={r.id} className="panel">
                <Link className="button" to={`/staff/office/${parkId}/groups/${r.id}`} data-testid="office-group-link">
                  #{r.id} {r.organisation} · {r.date} · {t('groups.people', { count: r.partySize })} ·{' '}
                  {t(`groups.states.${r.state}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {settings && <SettingsForm parkId={parkId} settings={settings} />}
    </div>
  );
}

/** /staff/office/:parkId/groups/:requestId: approve, decline, record the transfer, admit at the gate with a count. */
export function OfficeGroupPage() {
  const { t } = useTranslation();
  const params = useParams();
  const parkId = Number(params.parkId);
  const id = Number(params.requestId);
  const one = useOfficeGroupRequestQuery({ parkId, id });
  const arrivals = useGroupArrivalsQuery({ parkId, id });
  const [act, acting] = useGroupActionMutation();
  const [note, setNote] = useState<string | null>(null);

  async function run(action: 'approve' | 'decline' | 'transfer' | 'admissions', body: object) {
    setNote(null);
    const res = await act({ parkId, id, action, body });
    setNote('error' in res ? (messageOf(res.error) ?? '!') : t('groups.done'));
    one.refetch();
    arrivals.refetch();
  }
  const form = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    return new FormData(e.currentTarget);
  };

  return (
    <div className="office group-page" data-testid="office-group">
      <p>
        <Link to={`/staff/office/${parkId}/groups`}>{t('groups.officeBack')}</Link>
      </p>
      <h1>{t('groups.officeTitle')}</h1>
      <QueryState isLoading={one.isLoading} error={one.error}>
        {() => {
          const r = one.data?.data;
          if (!r) return null;
          const a = arrivals.data?.data;
          return (
            <>
              <p data-testid="office-group-state">{t(`groups.states.${r.state}`)}</p>
              <GroupFacts r={r} />
              {r.hasDocument && (
                <p>
                  <a className="button" href={`/api/v1/staff/parks/${parkId}/group-requests/${id}/document`}>
                    {t('groups.viewDocument')}
                  </a>
                </p>
              )}
              {r.state === 'requested' && (
                <>
                  <form
                    className="panel"
                    onSubmit={(e) => {
                      const f = form(e);
                      run('approve', {
                        price: Number(f.get('price')),
                        exemptions: f.getAll('exemptions').map(String),
                      });
                    }}
                  >
                    <label htmlFor="og-price">{t('groups.approvePrice')}</label>
                    <input id="og-price" name="price" type="number" min={0} required />
                    {r.exemptionKind && (
                      <label>
                        <input type="checkbox" name="exemptions" value={r.exemptionKind} defaultChecked />{' '}
                        {t('groups.exemptionsApplied')}: {r.exemptionKind}
                      </label>
                    )}
                    <button type="submit" className="button button--primary" disabled={acting.isLoading}>
                      {t('groups.approve')}
                    </button>
                  </form>
                  <form
                    className="panel"
                    onSubmit={(e) => run('decline', { reason: String(form(e).get('reason') ?? '') })}
                  >
                    <label htmlFor="og-reason">{t('groups.reason')}</label>
                    <textarea id="og-reason" name="reason" rows={2} required maxLength={500} />
                    <button type="submit" className="button" disabled={acting.isLoading}>
                      {t('groups.decline')}
                    </button>
                  </form>
                </>
              )}
              {r.state === 'approved' && (
                <form className="panel" onSubmit={(e) => run('transfer', { amount: Number(form(e).get('amount')) })}>
                  <label htmlFor="og-amount">{t('groups.transferAmount')}</label>
                  <input id="og-amount" name="amount" type="number" min={0} required />
                  <button type="submit" className="button button--primary" disabled={acting.isLoading}>
                    {t('groups.recordTransfer')}
                  </button>
                </form>
              )}
              {r.state === 'paid' && (
                <form
                  className="panel"
                  onSubmit={(e) =>
                    run('admissions', { scanId: crypto.randomUUID(), count: Number(form(e).get('count')) })
                  }
                >
                  {a && (
                    <p data-testid="office-group-arrivals">
                      {t('groups.arrivals', { arrived: a.arrived, size: a.partySize, left: a.left })}
                    </p>
                  )}
                  <label htmlFor="og-count">{t('groups.admitCount')}</label>
                  <input id="og-count" name="count" type="number" min={1} max={a?.left ?? undefined} required />
                  <button type="submit" className="button button--primary" disabled={acting.isLoading}>
                    {t('groups.admit')}
                  </button>
                </form>
              )}
              {note && (
                <p role="status" data-testid="office-group-note">
                  {note}
                </p>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
