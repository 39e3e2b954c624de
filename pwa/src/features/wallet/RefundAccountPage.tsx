// /my-tickets/refunds/:id: money paid at a convenience store goes back by bank transfer (GMO cannot refund it).
// The buyer sees the amount and state, and enters (or corrects, until the park transfers) the account: bank code
// (4 digits) and branch code (3 digits), whose names from the Zengin list show under them as they are typed,
// ordinary or current, up to 7 digits, holder in katakana (saved half-width, as banks take it). The form checks the
// same rules as the server (common/rules/bankAccount.ts) and names each field it refuses; the server's refusal is
// shown as it says.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  BANK_ACCOUNT_TYPES,
  type BankAccountInput,
  type BankAccountType,
  type MyBankTransfer,
} from '../../../../common/dto/bankTransfer';
import {
  BANK_ACCOUNT_FIELDS,
  BANK_CODE,
  type BankAccountField,
  BRANCH_CODE,
  invalidBankAccountFields,
} from '../../../../common/rules/bankAccount';
import { errorText } from '../../lib/apiErrors';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatYen } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useBankCodesQuery, useBankTransferQuery, useSetBankAccountMutation } from './refundApi';

/** The bank's and branch's names of the codes typed so far, from the Zengin list (nothing until a code is whole). */
function BankNames({ bank, branch }: { bank: string; branch: string }) {
  const { t } = useTranslation();
  const bankOk = BANK_CODE.test(bank);
  const branchOk = BRANCH_CODE.test(branch);
  const found = useBankCodesQuery({ bank, ...(branchOk ? { branch } : {}) }, { skip: !bankOk });
  if (!bankOk || !found.data) return null;
  const { bank: b, branch: br } = found.data;
  return (
    <p className="muted" role="status" data-testid="refund-bank-names">
      {b ? t('konbini.refund.bankFound', { name: b.name }) : t('konbini.refund.bankUnknown')}
      {b &&
        branchOk &&
        ` ${br ? t('konbini.refund.branchFound', { name: br.name }) : t('konbini.refund.branchUnknown')}`}
    </p>
  );
}

function AccountForm({ transfer }: { transfer: MyBankTransfer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [save, saving] = useSetBankAccountMutation();
  const [bad, setBad] = useState<BankAccountField[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState({
    bank: transfer.account?.bankCode ?? '',
    branch: transfer.account?.branchCode ?? '',
  });

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const form = new FormData(event.currentTarget);
    const value = (k: BankAccountField) => String(form.get(k) ?? '').trim();
    const account = Object.fromEntries(BANK_ACCOUNT_FIELDS.map((k) => [k, value(k)])) as unknown as BankAccountInput;
    const invalid = invalidBankAccountFields(account);
    setBad(invalid);
    if (invalid.length > 0) return;
    try {
      await save({ id: transfer.id, account }).unwrap();
      showToast({ text: t('konbini.refund.saved'), kind: 'success' });
    } catch (error) {
      setProblem(errorText(error, locale));
    }
  }

  const field = (k: BankAccountField, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`refund-${k}`}>{t(`konbini.refund.${camel(k)}`)}</label>
      {input}
      {hint && (
        <p className="muted" id={`refund-${k}-hint`}>
          {hint}
        </p>
      )}
      {bad.includes(k) && (
        <p className="field-error" role="alert" id={`refund-${k}-error`} data-testid={`refund-error-${k}`}>
          {t(`konbini.refund.errors.${k}`)}
        </p>
      )}
    </div>
  );
  const aria = (k: BankAccountField) => ({
    id: `refund-${k}`,
    name: k,
    'aria-invalid': bad.includes(k) || undefined,
    'aria-describedby': bad.includes(k) ? `refund-${k}-error` : undefined,
  });

  return (
    <form className="stack" onSubmit={(e) => void send(e)} noValidate data-testid="refund-account-form">
      {field(
        'bank_code',
        <input
          {...aria('bank_code')}
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          defaultValue={codes.bank}
          onChange={(e) => setCodes((c) => ({ ...c, bank: e.target.value.trim() }))}
        />,
        t('konbini.refund.codeHint'),
      )}
      {field(
        'branch_code',
        <input
          {...aria('branch_code')}
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          defaultValue={codes.branch}
          onChange={(e) => setCodes((c) => ({ ...c, branch: e.target.value.trim() }))}
        />,
      )}
      <BankNames bank={codes.bank} branch={codes.branch} />
      {field(
        'account_type',
        <select {...aria('account_type')} defaultValue="ordinary">
          {BANK_ACCOUNT_TYPES.map((type: BankAccountType) => (
            <option key={type} value={type}>
              {t(`konbini.refund.types.${type}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'account_number',
        <input {...aria('account_number')} inputMode="numeric" maxLength={7} autoComplete="off" />,
      )}
      {field(
        'holder_kana',
        <input {...aria('holder_kana')} maxLength={60} autoComplete="off" />,
        t('konbini.refund.holderHint'),
      )}
      {problem && (
        <p className="notice" role="alert" data-testid="refund-problem">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving.isLoading} data-testid="refund-save">
        {transfer.account ? t('konbini.refund.change') : t('konbini.refund.save')}
      </button>
    </form>
  );
}

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export default function RefundAccountPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useParams().id ?? '';
  const query = useBankTransferQuery(id, { skip: !id });
  return (
    <div className="wallet stack refund-page" data-testid="refund-page">
      <p className="wallet-back">
        <Link to="/my-tickets">{t('konbini.refund.toMyTickets')}</Link>
      </p>
      <h1 className="page-title">{t('konbini.refund.title')}</h1>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {() => {
          const x = query.data?.data;
          if (!x) return null;
          return (
            <>
              <p>{t('konbini.refund.lead')}</p>
              <dl className="wallet-facts">
                <div>
                  <dt>{t('konbini.refund.order')}</dt>
                  <dd>{x.applicationNumber}</dd>
                </div>
                <div>
                  <dt>{t('konbini.refund.amount')}</dt>
                  <dd data-testid="refund-amount">{formatYen(x.amount, locale)}</dd>
                </div>
                <div>
                  <dt>{t('konbini.refund.state')}</dt>
                  <dd data-testid="refund-state" data-state={x.state}>
                    {t(`konbini.refund.states.${x.state}`)}
                  </dd>
                </div>
                {x.transferredOn && (
                  <div>
                    <dt>{t('konbini.refund.transferredOn')}</dt>
                    <dd>{formatDate(x.transferredOn, locale)}</dd>
                  </div>
                )}
                {x.account && (
                  <div>
                    <dt>{t('konbini.refund.current')}</dt>
                    <dd data-testid="refund-account">
                      {x.account.bankName} {x.account.branchName} {t(`konbini.refund.types.${x.account.accountType}`)}{' '}
                      {t('konbini.refund.numberEnding', { digits: x.account.numberEnding })} {x.account.holderKana}
                    </dd>
                  </div>
                )}
              </dl>
              {x.state !== 'transferred' && <AccountForm key={x.state} transfer={x} />}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
