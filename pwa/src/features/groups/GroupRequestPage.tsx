import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messageOf, useGroupItemQuery, useGroupSettingsQuery, useSubmitGroupRequestMutation } from './groupsApi';

const KINDS = ['school', 'company', 'tour', 'welfare', 'other'] as const;
const BANDS = ['infants', 'primary', 'middle', 'high', 'adult', 'senior'] as const;

/** /groups/request?park=&item=: a group asks a park for a date, with its age mix, leaders and an exemption. */
export default function GroupRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const parkId = Number(query.get('park'));
  const itemId = Number(query.get('item'));
  const settings = useGroupSettingsQuery(parkId, { skip: !(parkId > 0) }).data?.data;
  const item = useGroupItemQuery(itemId, { skip: !(itemId > 0) }).data?.data;
  const slots = item?.timeSlots ?? [];
  const [submit, state] = useSubmitGroupRequestMutation();
  const [mix, setMix] = useState<Record<string, number>>({});
  const [exemption, setExemption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const total = BANDS.reduce((n, b) => n + (mix[b] ?? 0), 0);

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const form = new FormData(e.currentTarget);
    const body = new FormData();
    body.append('itemId', String(itemId));
    for (const k of ['date', 'organisation', 'kind', 'leaders', 'leaderName', 'purpose']) {
      body.append(k, String(form.get(k) ?? ''));
    }
    const slot = form.get('timeSlotId');
    if (slot) body.append('timeSlotId', String(slot));
    body.append('partySize', String(total));
    body.append('ageMix', JSON.stringify(mix));
    if (exemption) body.append('exemptionKind', exemption);
    const file = form.get('document');
    if (file instanceof File && file.size > 0) body.append('document', file);
    const res = await submit(body);
    if ('error' in res) setError(messageOf(res.error) ?? t('groups.submit'));
    else navigate(`/groups/requests/${res.data.data.id}`);
  }

  return (
    <div className="wallet group-page" data-testid="group-request-page">
      <p className="wallet-back">
        <Link to="/groups/requests">{t('groups.back')}</Link>
      </p>
      <h1 className="wallet-head__title">{t('groups.formTitle')}</h1>
      {item && <p data-testid="group-item">{item.name}</p>}
      {settings && <p>{t('groups.formIntro', { min: settings.minSize, max: settings.maxSize })}</p>}
      <form onSubmit={send}>
        <label htmlFor="g-organisation">{t('groups.organisation')}</label>
        <input id="g-organisation" name="organisation" required maxLength={100} />
        <label htmlFor="g-kind">{t('groups.kind')}</label>
        <select id="g-kind" name="kind" defaultValue="school">
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`groups.kinds.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor="g-date">{t('groups.date')}</label>
        <input id="g-date" name="date" type="date" required />
        {slots.length > 0 && (
          <>
            <label htmlFor="g-slot">{t('groups.timeSlot')}</label>
            <select id="g-slot" name="timeSlotId" required defaultValue="">
              <option value="" disabled>
                {t('groups.chooseSlot')}
              </option>
              {slots.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.startTime}–{s.endTime}
                </option>
              ))}
            </select>
          </>
        )}
        <fieldset className="group-mix">
          <legend>{t('groups.ageMix')}</legend>
          {BANDS.map((b) => (
            <p key={b}>
              <label htmlFor={`g-${b}`}>{t(`groups.bands.${b}`)}</label>{' '}
              <input
                id={`g-${b}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                value={mix[b] ?? ''}
                onChange={(e) => setMix({ ...mix, [b]: Math.max(0, Number(e.target.value) || 0) })}
              />
            </p>
          ))}
          <p data-testid="group-total">{t('groups.total', { count: total })}</p>
        </fieldset>
        <label htmlFor="g-leaders">{t('groups.leaders')}</label>
        <input id="g-leaders" name="leaders" type="number" inputMode="numeric" min={0} required />
        <label htmlFor="g-leader-name">{t('groups.leaderName')}</label>
        <input id="g-leader-name" name="leaderName" required maxLength={100} />
        <label htmlFor="g-purpose">{t('groups.purpose')}</label>
        <textarea id="g-purpose" name="purpose" required maxLength={1000} rows={3} />
        {settings && settings.exemptionKinds.length > 0 && (
          <>
            <label htmlFor="g-exemption">{t('groups.exemption')}</label>
            <select id="g-exemption" value={exemption} onChange={(e) => setExemption(e.target.value)}>
              <option value="">{t('groups.noExemption')}</option>
              {settings.exemptionKinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
            {exemption && (
              <>
                <label htmlFor="g-document">{t('groups.document')}</label>
                <input id="g-document" name="document" type="file" accept="application/pdf,image/png,image/jpeg" />
              </>
            )}
          </>
        )}
        {error && (
          <p className="notice" role="alert" data-testid="group-error">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={state.isLoading}>
          {t('groups.submit')}
        </button>
      </form>
    </div>
  );
}
