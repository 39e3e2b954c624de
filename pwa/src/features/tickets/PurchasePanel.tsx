import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../app/store';

/**
 * The apply area of the item and pack pages: the price summary, then for guests a link to sign in that comes
 * back to this exact page (link_id included); signed-in users wait for the cart, which comes later.
 * `closedReason` replaces the action when the ticket cannot be applied for now.
 */
export function PurchasePanel({ summary, closedReason }: { summary: ReactNode; closedReason?: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  const here = `${location.pathname}${location.search}`;
  return (
    <section className="panel purchase-panel" aria-labelledby="purchase-title" data-testid="purchase-panel">
      <h2 id="purchase-title" className="visually-hidden">
        {t('tickets.purchase.title')}
      </h2>
      <div className="purchase-panel__summary">
        <span className="purchase-panel__label">{t('tickets.purchase.summary')}</span>
        {summary}
      </div>
      {closedReason ? (
        <p className="purchase-panel__closed" data-testid="purchase-closed">
          {closedReason}
        </p>
      ) : signedIn ? (
        <>
          <button type="button" className="button button--primary button--block" disabled>
            {t('tickets.purchase.addToCart')}
          </button>
          <p className="muted">{t('tickets.purchase.comingSoon')}</p>
        </>
      ) : (
        <>
          <Link
            to={`/signin?redirect=${encodeURIComponent(here)}`}
            className="button button--primary button--block"
            data-testid="purchase-signin"
          >
            {t('tickets.purchase.proceed')}
          </Link>
          <p className="muted">{t('tickets.purchase.proceedNote')}</p>
        </>
      )}
    </section>
  );
}
