import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddCartLineRequest } from '../../../../common/dto/cart';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { useAppSelector } from '../../app/store';
import { useLocale } from '../../lib/useLocale';
import { AddResult, PurchaseActions, useAddToCart } from './useAddToCart';

/**
 * The apply area of the ticket pack page: the price summary, then "Add to cart" and "Buy now" for the chosen date,
 * time and number of packs. `request` is null while the choice is incomplete (`problem` says what is missing);
 * the server checks everything again. Guests add to their guest cart and sign in before the checkout; kids
 * accounts cannot buy. `closedReason` replaces the actions when the pack cannot be applied for now.
 */
export function PurchasePanel({
  summary,
  closedReason,
  request,
  problem,
}: {
  summary: ReactNode;
  closedReason?: string | null;
  request: AddCartLineRequest | null;
  problem?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isChild = useAppSelector((s) => s.session.user?.child_flag === 1);
  const { submit, busy, error, added } = useAddToCart();
  const go = (mode: 'cart' | 'buy') => {
    if (request) void submit(request, mode);
  };
  return (
    <section className="panel purchase-panel" aria-labelledby="purchase-title" data-testid="purchase-panel">
      <h2 id="purchase-title">{t('checkout.purchase.title')}</h2>
      <div className="purchase-panel__summary">
        <span className="purchase-panel__label">{t('tickets.purchase.summary')}</span>
        {summary}
      </div>
      {closedReason ? (
        <p className="purchase-panel__closed" data-testid="purchase-closed">
          {closedReason}
        </p>
      ) : isChild ? (
        <p className="notice">{purchaseMessage('childRestricted', locale)}</p>
      ) : (
        <div className="purchase-form">
          {problem && (
            <p className="muted" data-testid="purchase-problem">
              {problem}
            </p>
          )}
          <AddResult error={error} added={added} />
          <PurchaseActions onAction={go} disabled={busy || !request} />
        </div>
      )}
    </section>
  );
}
