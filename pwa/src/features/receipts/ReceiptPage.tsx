import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../lib/components/QueryState';
import { formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useReceiptQuery, useSetReceiptNameMutation } from './receiptsApi';

/**
 * /my-tickets/orders/:orderId/receipt: the order's receipt (qualified invoice). The addressee can be set until the
 * first download (the server fixes it then; later downloads say 再発行), and the refunds' credit notes are listed.
 */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const orderId = Number(useParams().orderId);
  const { data, isLoading, error, refetch } = useReceiptQuery(orderId);
  const [setName, saving] = useSetReceiptNameMutation();
  const [name, setNameValue] = useState('');
  const base = `/api/v1/me/orders/${orderId}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (name.trim()) await setName({ orderId, name: name.trim() });
    refetch();
  }

  return (
    <div className="wallet" data-testid="receipt-page">
      <p className="wallet-back">
        <Link to="/my-tickets/history">{t('receipts.back')}</Link>
      </p>
      <h1 className="wallet-head__title">{t('receipts.title')}</h1>
      <QueryState isLoading={isLoading} error={error}>
        {() => {
          const r = data?.data;
          if (!r) return null;
          return (
            <>
              <p>
                {t('receipts.number')}: {r.number} / {formatYen(r.total, locale)}
              </p>
              {r.fixed ? (
                <p data-testid="receipt-name">
                  {t('receipts.addressee')}: {r.recipientName ?? t('receipts.none')} ({t('receipts.fixed')})
                </p>
              ) : (
                <form onSubmit={save}>
                  <label htmlFor="receipt-name">{t('receipts.addressee')}</label>
                  <input
                    id="receipt-name"
                    maxLength={60}
                    value={name || r.recipientName || ''}
                    onChange={(e) => setNameValue(e.target.value)}
                  />
                  <p className="muted">{t('receipts.nameNote')}</p>
                  <button type="submit" className="btn" disabled={saving.isLoading}>
                    {t('receipts.save')}
                  </button>
                </form>
              )}
              <p>
                <a
                  className="btn btn--primary"
                  href={`${base}/receipt.pdf?lang=${locale}`}
                  onClick={() => setTimeout(refetch, 1000)}
                >
                  {t('receipts.download')}
                </a>
              </p>
              {r.creditNotes.length > 0 && (
                <ul>
                  {r.creditNotes.map((n) => (
                    <li key={n.id}>
                      <a href={`${base}/credit-notes/${n.id}.pdf?lang=${locale}`}>
                        {t('receipts.creditNote')} {n.number} ({formatYen(n.total, locale)})
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
