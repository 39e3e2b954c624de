// Adding a selection to the cart, then either staying ("Add to cart") or going straight to the checkout of that
// line only ("Buy now": a quick buy, order type 1). Guests may add; they sign in before the checkout.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { apiCode, errorText } from '../../lib/apiErrors';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { type AddLineBody, useAddCartLineMutation } from './purchaseApi';

export type AddOutcome = { kind: 'added'; parkId: number } | null;

export function useAddToCart() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  const [add, { isLoading }] = useAddCartLineMutation();
  const [error, setError] = useState<{ text: string; code?: string } | null>(null);
  const [added, setAdded] = useState<AddOutcome>(null);

  const submit = async (body: AddLineBody, mode: 'cart' | 'buy'): Promise<boolean> => {
    setError(null);
    setAdded(null);
    try {
      const res = await add(body).unwrap();
      const parkId = res.meta.parkId;
      if (mode === 'buy') {
        // The quick-buy flag travels in the address (?quick=<line>), which survives sign-in and reloads.
        const next = `/cart/${parkId}/add-info?quick=${res.data.id}`;
        navigate(signedIn ? next : `/signin?redirect=${encodeURIComponent(next)}`);
        return true;
      }
      setAdded({ kind: 'added', parkId });
      showToast({ text: t('checkout.purchase.added'), kind: 'success' });
      return true;
    } catch (err) {
      setError({ text: errorText(err, locale), code: apiCode(err) });
      return false;
    }
  };

  return { submit, busy: isLoading, error, added };
}

/** The answer of an add: a link to the cart, or the server's refusal (the phone rule links to the settings). */
export function AddResult({ error, added }: Pick<ReturnType<typeof useAddToCart>, 'error' | 'added'>) {
  const { t } = useTranslation();
  return (
    <div className="live-region" aria-live="polite" data-testid="purchase-result">
      {error && (
        <div className="checkout-alert checkout-alert--error">
          <p>{error.text}</p>
          {error.code === 'phoneRequired' && (
            <Link to="/me/settings/account-infomation" data-testid="phone-settings-link">
              {t('checkout.purchase.registerPhone')}
            </Link>
          )}
          {/* The admission was spent by an add whose answer was lost (a dropped connection) or by another tab:
              the ticket is in the cart. */}
          {error.code === 'waitingRoomAdmissionUsed' && (
            <Link to="/cart" className="button button--small" data-testid="go-to-cart">
              {t('checkout.purchase.goToCart')}
            </Link>
          )}
        </div>
      )}
      {added && (
        <div className="checkout-alert checkout-alert--success">
          <p>{t('checkout.purchase.added')}</p>
          <Link to="/cart" className="button button--small" data-testid="go-to-cart">
            {t('checkout.purchase.goToCart')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** "Add to cart" and "Buy now", with the note for guests (they add to a guest cart and sign in to pay). */
export function PurchaseActions({
  onAction,
  disabled,
  cartLabel,
}: {
  onAction: (mode: 'cart' | 'buy') => void;
  disabled: boolean;
  cartLabel?: string;
}) {
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  return (
    <>
      <div className="purchase-form__actions">
        <button
          type="button"
          className="button button--block"
          onClick={() => onAction('cart')}
          disabled={disabled}
          data-testid="add-to-cart"
        >
          {cartLabel ?? t('checkout.purchase.addToCart')}
        </button>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => onAction('buy')}
          disabled={disabled}
          data-testid="buy-now"
        >
          {t('checkout.purchase.buyNow')}
        </button>
      </div>
      {!signedIn && <p className="muted">{t('checkout.purchase.guestNote')}</p>}
    </>
  );
}
