// /staff/office/:parkId/bank-transfers (finance role or owner; the server checks every call per park): the konbini
// refunds the park owes by bank transfer (GMO cannot refund money paid at a store): amount, the customer's account
// once entered, the order; "mark transferred" with the transfer date (once, audited), and the list as CSV. Those
// still without an account after 3 days are flagged (days waited, reminders the customer got) and can be listed
// alone; the ready ones download as a Zengin 総合振込 file for the park's bank (fetched, so a refusal such as "no
// remitting account" shows as a message, not as a downloaded error).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  BANK_TRANSFER_STATES,
  type BankTransferState,
  LONG_WAITING_DAYS,
  type OfficeBankTransfer,
} from '../../../../common/dto/bankTransfer';
import { tokyoDate } from '../../../../common/time';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';
import { useLocale } from '../../lib/useLocale';
import { errorMessage } from './backOfficeApi';
import {
  bankTransfersCsvUrl,
  useMarkTransferredMutation,
  useParkBankTransfersQuery,
  zenginFileUrl,
} from './bankTransfersApi';
import './backOffice.css';

function TransferRow({ parkId, x }: { parkId: number; x: OfficeBankTransfer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [mark, marking] = useMarkTransferredMutation();
  const [on, setOn] = useState(tokyoDate(new Date()));
  const [note, setNote] = useState<string | null>(null);
  const longWaiting = x.state === 'awaiting_account' && x.daysWithoutAccount >= LONG_WAITING_DAYS;
  const send = async () => {
    setNote(null);
    try {
      await mark({ parkId, id: x.id, transferredOn: on }).unwrap();
      setNote(t('konbini.transfers.marked'));
    } catch (error) {
      setNote(errorMessage(error) ?? t('konbini.office.failed'));
    }
  };
  return (
    <li className="office-card" data-testid="bank-transfer" data-state={x.state} data-order={x.applicationNumber}>
      <p>
        <Link to={`/staff/office/${parkId}/orders/${x.orderId}`}>{x.applicationNumber}</Link> · {x.customerName}
      </p>
      <dl className="office-facts">
        <dt>{t('konbini.transfers.amount')}</dt>
        <dd data-testid="bank-transfer-amount">{formatYen(x.amount, locale)}</dd>

        <dt>{t('konbini.transfers.state')}</dt>
        <dd>
          {t(`konbini.refund.states.${x.state}`)}
          {longWaiting && (
            <>
              {' '}
              <span className="badge badge--warn" data-testid="bank-transfer-waiting">
                {t('konbini.transfers.waitingDays', { days: x.daysWithoutAccount })}
              </span>
            </>
          )}
          {(longWaiting || (x.state !== 'transferred' && x.remindersSent.length > 0)) && (
            <span className="muted office-transfer-reminders" data-testid="bank-transfer-reminders">
              {x.remindersSent.length > 0
                ? t('konbini.transfers.reminders', {
                    days: x.remindersSent
                      .map((d) => t('konbini.transfers.remindersDay', { days: d }))
                      .join(locale === 'ja' ? '・' : ', '),
                  })
                : t('konbini.transfers.noReminders')}
            </span>
          )}
        </dd>

        <dt>{t('konbini.transfers.account')}</dt>
        <dd data-testid="bank-transfer-account">
          {x.account
            ? `${x.account.bankName} ${x.account.branchName} ${t(`konbini.refund.types.${x.account.accountType}`)} ${x.account.accountNumber} ${x.account.holderKana}`
            : t('konbini.transfers.noAccount')}
          {x.state === 'ready' && x.account && !x.account.bankCode && (
            <span className="muted office-transfer-reminders" data-testid="bank-transfer-no-codes">
              {t('konbini.transfers.noCodes')}
            </span>
          )}
        </dd>

        <dt>{t('konbini.transfers.reason')}</dt>
        <dd>
          {t(`konbini.transfers.reasons.${x.reason}`)} · {formatDateTime(x.createdAt, locale)}
        </dd>

        {x.transferredOn && (
          <>
            <dt>{t('konbini.transfers.transferredOn')}</dt>
            <dd>{formatDate(x.transferredOn, locale)}</dd>
          </>
        )}
      </dl>
      {x.state === 'ready' && (
        <div className="office-actions">
          <label htmlFor={`on-${x.id}`}>{t('konbini.transfers.transferredOn')}</label>
          <input id={`on-${x.id}`} type="date" value={on} onChange={(e) => setOn(e.target.value)} required />
          <button
            type="button"
            className="button button--primary button--small"
            disabled={marking.isLoading || !on}
            onClick={() => void send()}
            data-testid="bank-transfer-mark"
          >
            {t('konbini.transfers.mark')}
          </button>
        </div>
      )}
      {note && (
        <p className="muted" role="status" data-testid="bank-transfer-note">
          {note}
        </p>
      )}
    </li>
  );
}

/** The ready transfers as a Zengin file, fetched so a refusal shows as the server's message. */
function ZenginDownload({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [date, setDate] = useState(tokyoDate(new Date()));
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  async function download() {
    setNote(null);
    setBusy(true);
    try {
      const res = await fetch(zenginFileUrl(parkId, date), {
        credentials: 'same-origin',
        headers: { 'Accept-Language': currentLocale() },
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { meta?: { message?: string } } | null;
        setNote({ text: body?.meta?.message ?? t('konbini.office.failed'), ok: false });
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `zoopass-${parkId}-zengin-${date}.txt`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const count = Number(res.headers.get('x-zengin-count') ?? 0);
      const skipped = Number(res.headers.get('x-zengin-skipped') ?? 0);
      const total = formatYen(Number(res.headers.get('x-zengin-total') ?? 0), locale);
      setNote({
        text: [
          t('konbini.transfers.zengin.done', { count, total }),
          skipped > 0 ? t('konbini.transfers.zengin.skipped', { count: skipped }) : '',
        ]
          .filter(Boolean)
          .join(' '),
        ok: true,
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="panel stack" data-testid="zengin-download">
      <h2>{t('konbini.transfers.zengin.title')}</h2>
      <p className="muted">{t('konbini.transfers.zengin.lead')}</p>
      <div className="office-actions">
        <label htmlFor="zengin-date">{t('konbini.transfers.zengin.date')}</label>
        <input id="zengin-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy || !date}
          onClick={() => void download()}
          data-testid="zengin-download-button"
        >
          {t('konbini.transfers.zengin.download')}
        </button>
      </div>
      <p role="status" className={note && !note.ok ? 'notice' : 'muted'} data-testid="zengin-note">
        {note?.text}
      </p>
    </section>
  );
}

type Filter = BankTransferState | 'long' | '';

export function OfficeBankTransfersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const [filter, setFilter] = useState<Filter>('');
  const query = filter === 'long' ? { waiting: 'long' as const } : filter ? { state: filter as BankTransferState } : {};
  const list = useParkBankTransfersQuery({ parkId, ...query }, { skip: !(parkId > 0) });
  return (
    <div className="office stack" data-testid="office-bank-transfers">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('konbini.transfers.title')}</h1>
      <p>{t('konbini.transfers.lead')}</p>
      <div className="office-actions">
        <label htmlFor="transfer-state">{t('konbini.transfers.filter')}</label>
        <select
          id="transfer-state"
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          data-testid="transfer-filter"
        >
          <option value="">{t('konbini.transfers.all')}</option>
          {BANK_TRANSFER_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`konbini.refund.states.${s}`)}
            </option>
          ))}
          <option value="long">{t('konbini.transfers.longWaiting')}</option>
        </select>
        <a className="button button--small" href={bankTransfersCsvUrl(parkId, locale)} download>
          {t('konbini.transfers.csv')}
        </a>
      </div>
      <ZenginDownload parkId={parkId} />
      {list.error ? (
        <p className="notice" role="alert">
          {errorMessage(list.error) ?? t('konbini.office.failed')}
        </p>
      ) : list.data && list.data.length === 0 ? (
        <p className="muted">{t('konbini.transfers.empty')}</p>
      ) : (
        <ul className="office-list" aria-busy={list.isFetching}>
          {(list.data ?? []).map((x) => (
            <TransferRow key={x.id} parkId={parkId} x={x} />
          ))}
        </ul>
      )}
    </div>
  );
}
