// The cancel dialog of a ticket and of a whole pass (README 2.4): the quote (what the caller lists first, then fee,
// refund and coins back), the provider note, and keep / confirm. One component so both stay the same.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancellationQuote } from '../../../../common/dto/wallet';
import { formatCoins, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { Dialog } from './components';

export interface CancelQuoteTexts {
  title: string;
  lead: string;
  keep: string;
  confirm: string;
}

export function CancelQuoteDialog({
  open,
  onClose,
  onConfirm,
  busy,
  quote,
  leadingRows,
  texts,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  quote: CancellationQuote | undefined;
  /** Rows before the fee: the rate (and for a pass, its holders). */
  leadingRows: (quote: CancellationQuote) => ReactNode;
  texts: CancelQuoteTexts;
  /** Prefix of the test ids: `${testId}-dialog`, `-quote`, `-fee`, `-refund`, `-coins`, `-confirm`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Dialog open={open} onClose={onClose} title={texts.title} testId={`${testId}-dialog`}>
      {quote && (
        <dl className="wallet-facts" data-testid={`${testId}-quote`}>
          {leadingRows(quote)}
          <div>
            <dt>{t('wallet.cancel.fee')}</dt>
            <dd data-testid={`${testId}-fee`}>{formatYen(quote.fee, locale)}</dd>
          </div>
          <div>
            <dt>{t('wallet.cancel.refund')}</dt>
            <dd data-testid={`${testId}-refund`}>{formatYen(quote.refundAmount, locale)}</dd>
          </div>
          {quote.refundCoins > 0 && (
            <div>
              <dt>{t('wallet.cancel.coins')}</dt>
              <dd data-testid={`${testId}-coins`}>{formatCoins(quote.refundCoins, locale)}</dd>
            </div>
          )}
        </dl>
      )}
      {quote?.needsProviderConfirmation && <p className="muted">{t('wallet.cancel.providerNote')}</p>}
      {quote?.refundByBankTransfer && (
        <p className="notice" data-testid={`${testId}-bank-transfer`}>
          {t('konbini.refund.quoteNote')}
        </p>
      )}
      <p>{texts.lead}</p>
      <div className="dialog-actions">
        <button type="button" className="button button--small" onClick={onClose}>
          {texts.keep}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={busy}
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {texts.confirm}
        </button>
      </div>
    </Dialog>
  );
}
