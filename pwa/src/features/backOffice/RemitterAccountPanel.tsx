// The park owner's remitting account for konbini refunds by bank transfer: the account the park transfers from and
// its Zengin consignor code and name, which the back office's transfer file (総合振込) needs. Shown on the park
// profile page to the owner only: other roles are refused by the API, and the panel then stays away. The server
// checks every field (codes, kana) and names the one it refuses; its message is shown as it says.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../../common/dto/api';
import {
  BANK_ACCOUNT_TYPES,
  type BankAccountType,
  type RemitterAccount,
  type RemitterAccountInput,
} from '../../../../common/dto/bankTransfer';
import { api, errorStatus } from '../../lib/api';
import { errorMessage } from './backOfficeApi';

const office = api.enhanceEndpoints({ addTagTypes: ['RemitterAccount'] });

const remitterApi = office.injectEndpoints({
  endpoints: (build) => ({
    remitterAccount: build.query<RemitterAccount | null, number>({
      query: (parkId) => `/staff/parks/${parkId}/remitter-account`,
      transformResponse: (r: Envelope<RemitterAccount | null>) => r.data,
      providesTags: ['RemitterAccount'],
    }),
    saveRemitterAccount: build.mutation<RemitterAccount, { parkId: number; account: RemitterAccountInput }>({
      query: ({ parkId, account }) => ({
        url: `/staff/parks/${parkId}/remitter-account`,
        method: 'PUT',
        body: account,
      }),
      transformResponse: (r: Envelope<RemitterAccount>) => r.data,
      invalidatesTags: ['RemitterAccount'],
    }),
  }),
});

const { useRemitterAccountQuery, useSaveRemitterAccountMutation } = remitterApi;

const EMPTY: RemitterAccountInput = {
  consignor_code: '',
  consignor_name: '',
  bank_code: '',
  branch_code: '',
  account_type: 'ordinary',
  account_number: '',
};

export function RemitterAccountPanel({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const saved = useRemitterAccountQuery(parkId);
  const [save, saving] = useSaveRemitterAccountMutation();
  const [form, setForm] = useState<RemitterAccountInput>(EMPTY);
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => {
    const a = saved.data;
    if (a)
      setForm({
        consignor_code: a.consignorCode,
        consignor_name: a.consignorName,
        bank_code: a.bankCode,
        branch_code: a.branchCode,
        account_type: a.accountType,
        account_number: a.accountNumber,
      });
  }, [saved.data]);
  if (errorStatus(saved.error) === 403 || saved.data === undefined) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    try {
      await save({ parkId, account: form }).unwrap();
      setNote({ text: t('konbini.remitter.saved'), ok: true });
    } catch (err) {
      setNote({ text: errorMessage(err) ?? t('konbini.office.failed'), ok: false });
    }
  }
  const input = (k: keyof RemitterAccountInput, label: string, extra: Record<string, unknown> = {}) => (
    <>
      <label htmlFor={`remitter-${k}`}>{label}</label>
      <input
        id={`remitter-${k}`}
        name={k}
        value={form[k]}
        onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
        autoComplete="off"
        required
        {...extra}
      />
    </>
  );
  const a = saved.data;
  return (
    <section className="panel stack" data-testid="remitter-account">
      <h2>{t('konbini.remitter.title')}</h2>
      <p className="muted">{t('konbini.remitter.lead')}</p>
      <p data-testid="remitter-current">
        {a
          ? t('konbini.remitter.current', {
              bank: a.bankName,
              branch: a.branchName,
              type: t(`konbini.refund.types.${a.accountType}`),
              number: a.accountNumber,
              name: a.consignorName,
            })
          : t('konbini.remitter.none')}
      </p>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {input('consignor_code', t('konbini.remitter.consignorCode'), { inputMode: 'numeric', maxLength: 10 })}
        {input('consignor_name', t('konbini.remitter.consignorName'), { maxLength: 40 })}
        {input('bank_code', t('konbini.remitter.bankCode'), { inputMode: 'numeric', maxLength: 4 })}
        {input('branch_code', t('konbini.remitter.branchCode'), { inputMode: 'numeric', maxLength: 3 })}
        <label htmlFor="remitter-account_type">{t('konbini.remitter.accountType')}</label>
        <select
          id="remitter-account_type"
          value={form.account_type}
          onChange={(e) => setForm((f) => ({ ...f, account_type: e.target.value as BankAccountType }))}
        >
          {BANK_ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`konbini.refund.types.${type}`)}
            </option>
          ))}
        </select>
        {input('account_number', t('konbini.remitter.accountNumber'), { inputMode: 'numeric', maxLength: 7 })}
        <button type="submit" className="button button--primary" disabled={saving.isLoading}>
          {t('konbini.remitter.save')}
        </button>
      </form>
      <p role="status" className={note && !note.ok ? 'notice' : undefined} data-testid="remitter-note">
        {note?.text}
      </p>
    </section>
  );
}
