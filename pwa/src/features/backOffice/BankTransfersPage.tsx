// /staff/office/:parkId/bank-transfers (finance role or owner; the server checks every call per park): the konbini
// refunds the park owes by bank transfer (GMO cannot refund money paid at a store): amount, the customer's account
// once entered, the order; "mark transferred" with the transfer date (once, audited), and the list as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  BANK_TRANSFER_STATES,
  type BankTransferState,
  type OfficeBankTransfer,
} from '../../../../common/dto/bankTransfer';
import { tokyoDate } from '../../../../common/time';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage } from './backOfficeApi';
import { bankTransfersCsvUrl, useMarkTransferredMutation, useParkBankTransfersQuery } from './bankTransfersApi';
import './backOffice.css';

function TransferRow({ parkId, x }: { parkId: number; x: OfficeBankTransfer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [mark, marking] = useMarkTransferredMutation();
  const [on, setOn] = useState(tokyoDate(new Date()));
  const [note, setNote] = useState<string | null>(null);
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
        <dd>{t(`konbini.refund.states.${x.state}`)}</dd>

        <dt>{t('konbini.transfers.account')}</dt>
        <dd data-testid="bank-transfer-account">
          {x.account
            ? `${x.account.bankName} ${x.account.branchName} ${t(`konbini.refund.types.${x.account.accountType}`)} ${x.account.accountNumber} ${x.account.holderKana}`
            : t('konbini.transfers.noAccount')}
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

export function OfficeBankTransfersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const [state, setState] = useState<BankTransferState | ''>('');
  const list = useParkBankTransfersQuery({ parkId, ...(state ? { state } : {}) }, { skip: !(parkId > 0) });
  return (
    <div className="office stack" data-testid="office-bank-transfers">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('konbini.transfers.title')}</h1>
      <p>{t('konbini.transfers.lead')}</p>
      <div className="office-actions">
        <label htmlFor="transfer-state">{t('konbini.transfers.filter')}</label>
        <select id="transfer-state" value={state} onChange={(e) => setState(e.target.value as BankTransferState | '')}>
          <option value="">{t('konbini.transfers.all')}</option>
          {BANK_TRANSFER_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`konbini.refund.states.${s}`)}
            </option>
          ))}
        </select>
        <a className="button button--small" href={bankTransfersCsvUrl(parkId, locale)} download>
          {t('konbini.transfers.csv')}
        </a>
      </div>
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
