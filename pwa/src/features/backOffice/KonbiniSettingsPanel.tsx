// The park owner's konbini payment term (issue 32): how many days a buyer who chose to pay at a convenience store
// has (1 to 30; a deadline never passes the day before use). Shown on the park profile page, to the owner only:
// other roles are refused by the API, and the panel then stays away.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../../common/dto/api';
import { api, errorStatus } from '../../lib/api';
import { errorMessage } from './backOfficeApi';

const office = api.enhanceEndpoints({ addTagTypes: ['KonbiniSettings'] });

const konbiniOfficeApi = office.injectEndpoints({
  endpoints: (build) => ({
    konbiniSettings: build.query<{ paymentDays: number }, number>({
      query: (parkId) => `/staff/parks/${parkId}/konbini-settings`,
      transformResponse: (r: Envelope<{ paymentDays: number }>) => r.data,
      providesTags: ['KonbiniSettings'],
    }),
    saveKonbiniSettings: build.mutation<{ paymentDays: number }, { parkId: number; paymentDays: number }>({
      query: ({ parkId, paymentDays }) => ({
        url: `/staff/parks/${parkId}/konbini-settings`,
        method: 'PUT',
        body: { payment_days: paymentDays },
      }),
      transformResponse: (r: Envelope<{ paymentDays: number }>) => r.data,
      invalidatesTags: ['KonbiniSettings'],
    }),
  }),
});

const { useKonbiniSettingsQuery, useSaveKonbiniSettingsMutation } = konbiniOfficeApi;

export function KonbiniSettingsPanel({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const settings = useKonbiniSettingsQuery(parkId);
  const [save, saving] = useSaveKonbiniSettingsMutation();
  const [days, setDays] = useState('');
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (settings.data) setDays(String(settings.data.paymentDays));
  }, [settings.data]);
  if (errorStatus(settings.error) === 403 || !settings.data) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    try {
      await save({ parkId, paymentDays: Number(days) }).unwrap();
      setNote({ text: t('konbini.office.saved'), ok: true });
    } catch (err) {
      setNote({ text: errorMessage(err) ?? t('konbini.office.failed'), ok: false });
    }
  }

  return (
    <section className="panel stack" data-testid="konbini-settings">
      <h2>{t('konbini.office.title')}</h2>
      <p className="muted">{t('konbini.office.lead')}</p>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label htmlFor="konbini-days">{t('konbini.office.days')}</label>
        <input
          id="konbini-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-describedby="konbini-days-hint"
        />
        <p id="konbini-days-hint" className="field-hint">
          {t('konbini.office.hint')}
        </p>
        <button type="submit" className="button button--primary" disabled={saving.isLoading}>
          {t('konbini.office.save')}
        </button>
      </form>
      <p role="status" className={note && !note.ok ? 'notice' : undefined} data-testid="konbini-settings-note">
        {note?.text}
      </p>
    </section>
  );
}
