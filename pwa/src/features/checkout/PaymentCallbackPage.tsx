import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isPendingPayment, SUCCEEDED_PAYMENT_STATES } from '../../../../common/rules/paymentState';
import { useAppDispatch } from '../../app/store';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { checkoutApi, usePaymentReturnMutation } from './checkoutApi';
import { Alert, SignedIn } from './components';
import { clearCheckout } from './rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ask again this often while the provider has no final word, for at most this long. */
const POLL_MS = 1500;
const GIVE_UP_MS = 90_000;

function Callback() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [query] = useSearchParams();
  const paymentId = query.get('payment_id') ?? '';
  const [report] = usePaymentReturnMutation();
  const [error, setError] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !UUID.test(paymentId)) return;
    started.current = true;
    // Everything the provider sent back goes to the server, which asks the provider itself.
    const sent = Object.fromEntries(query.entries());
    const since = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    // The first call reports the return; while the provider has no final word the payment is read again, and
    // every few reads the provider is asked again through the return call.
    const current = async () => {
      if (attempt++ % 4 === 0) return report({ id: paymentId, query: sent }).unwrap();
      const sub = dispatch(checkoutApi.endpoints.getPayment.initiate(paymentId, { forceRefetch: true }));
      try {
        return await sub.unwrap();
      } finally {
        sub.unsubscribe();
      }
    };
    const ask = async () => {
      try {
        const { data: payment } = await current();
        if (isPendingPayment(payment.state)) {
          if (Date.now() - since > GIVE_UP_MS) {
            setSlow(true);
            return;
          }
          timer = setTimeout(() => void ask(), POLL_MS);
          return;
        }
        const orderSub = dispatch(checkoutApi.endpoints.getOrder.initiate(payment.orderId));
        const order = await orderSub.unwrap().catch(() => null);
        orderSub.unsubscribe();
        const parkId = order?.data.park.id;
        // A success whose places were gone meanwhile carries a reason (the money goes back): not completed.
        if (SUCCEEDED_PAYMENT_STATES.includes(payment.state) && !payment.failureReason && parkId) {
          clearCheckout(parkId);
          navigate(`/cart/${parkId}/payment-completed?order=${payment.orderId}`, { replace: true });
          return;
        }
        const reason = payment.failureReason ?? 'provider_error';
        navigate(`/payment/error?reason=${encodeURIComponent(reason)}${parkId ? `&park=${parkId}` : ''}`, {
          replace: true,
        });
      } catch (err) {
        setError(errorText(err, locale));
      }
    };
    void ask();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [paymentId, query, report, dispatch, navigate, locale]);

  if (!UUID.test(paymentId)) {
    return (
      <section className="empty-state">
        <p>{t('checkout.callback.invalid')}</p>
        <Link className="button" to="/cart">
          {t('checkout.common.backToCart')}
        </Link>
      </section>
    );
  }
  return (
    <section className="payment-wait" data-testid="payment-callback">
      {error || slow ? (
        <>
          <Alert text={error ?? t('checkout.callback.slow')} kind={slow ? 'info' : 'error'} />
          <p>
            <Link to="/my-tickets">{t('checkout.completed.toMyTickets')}</Link>
          </p>
        </>
      ) : (
        <div className="loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('checkout.callback.waiting')}
        </div>
      )}
    </section>
  );
}

/** /payment/gmo/callback: back from 3-D Secure, PayPay or merpay; waits for the final word, then moves on. */
export default function PaymentCallbackPage() {
  const { t } = useTranslation();
  return (
    <SignedIn>
      <div className="checkout-page stack">
        <h1 className="page-title">{t('checkout.callback.title')}</h1>
        <Callback />
      </div>
    </SignedIn>
  );
}
