import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { message } from '../../../../common/messages';
import { useLocale } from '../../lib/useLocale';
import { paymentErrorKey } from './paymentError';
import { parseParkId } from './rules';

/** /payment/error?reason=<code>: why the payment did not go through, and the way back to the cart. */
export default function PaymentErrorPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const reason = query.get('reason');
  const parkId = parseParkId(query.get('park') ?? undefined);
  const key = paymentErrorKey(reason);
  const retry = key !== 'ticketInfoDeleted' && key !== 'remainingExceeded' && parkId !== null;
  return (
    <section
      className="checkout-page stack payment-error"
      data-testid="payment-error"
      aria-labelledby="payment-error-title"
    >
      <img src="/images/error.svg" alt="" width="160" height="133" />
      <h1 id="payment-error-title" className="page-title">
        {t('checkout.error.title')}
      </h1>
      <p className="checkout-alert checkout-alert--error" data-testid="payment-error-message">
        {message(key, locale)}
      </p>
      <p className="muted">{t('checkout.error.nothingCharged')}</p>
      {retry && (
        <Link to={`/cart/${parkId}/payment`} className="button button--primary button--block">
          {t('checkout.error.retry')}
        </Link>
      )}
      <Link to="/cart" className="button button--block" data-testid="back-to-cart">
        {t('checkout.common.backToCart')}
      </Link>
    </section>
  );
}
