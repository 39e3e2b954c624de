// Placing the order and following its payment: a redirect leaves for the provider (3-D Secure, PayPay, merpay),
// completed goes to the completion page, failed to the payment error page; refusals the visitor cannot fix here
// (the tickets are gone, the application count is used up) go to the error page too, others are shown in place.

import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlaceOrderRequest } from '../../../../common/dto/order';
import { PaymentMethod } from '../../../../common/enums';
import { apiCode, errorText } from '../../lib/apiErrors';
import { paymentReturnPath } from '../../lib/paymentReturn';
import { useLocale } from '../../lib/useLocale';
import { usePlaceOrderMutation } from './checkoutApi';
import { type CheckoutDraft, clearCheckout, ORDER_ERROR_REASONS } from './rules';

export function useSubmitOrder(parkId: number, quick: number | null) {
  const navigate = useNavigate();
  const locale = useLocale();
  const [place, { isLoading }] = usePlaceOrderMutation();
  const [error, setError] = useState<{ text: string; code?: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  // The same key until the server has answered this attempt with an end: a repeat is the same order.
  const attempt = useRef(crypto.randomUUID());

  const submit = async (
    draft: CheckoutDraft,
    method: PaymentMethod,
    card?: Pick<PlaceOrderRequest, 'card_token' | 'card_holder' | 'user_card_id' | 'save_card'>,
    convenience?: string,
  ) => {
    setError(null);
    const body: PlaceOrderRequest = {
      park_id: parkId,
      ...(quick ? { line_ids: [quick], order_type: 1 as const } : { order_type: 0 as const }),
      payment_method: method as PlaceOrderRequest['payment_method'],
      coins: draft.coins,
      user_coupon_ids: draft.couponIds,
      agreement: draft.agreement,
      ...(method === PaymentMethod.Visa ? card : {}),
      ...(method === PaymentMethod.Konbini && convenience ? { convenience } : {}),
      ...(draft.lotteryChoices?.length || draft.lotteryWaitlist
        ? { lottery_choices: draft.lotteryChoices ?? [], lottery_waitlist: draft.lotteryWaitlist ?? false }
        : {}),
    };
    try {
      const { data } = await place({ ...body, idempotencyKey: attempt.current }).unwrap();
      const p = data.payment;
      if (p.kind === 'failed') attempt.current = crypto.randomUUID();
      if (p.kind === 'redirect') {
        setLeaving(true);
        window.location.assign(p.url);
        return;
      }
      if (p.kind === 'pending') {
        // The provider's answer was lost: the return page asks it and follows the payment to its end.
        navigate(paymentReturnPath(p), { replace: true });
        return;
      }
      if (p.kind === 'completed') {
        clearCheckout(parkId);
        navigate(`/cart/${parkId}/payment-completed?order=${data.orderId}`, { replace: true });
        return;
      }
      navigate(`/payment/error?reason=${encodeURIComponent(p.reason)}&park=${parkId}`);
    } catch (err) {
      const code = apiCode(err);
      // Refused (a 4xx with a code): nothing was placed, the next try is a new attempt. A lost answer keeps the key.
      if (code) attempt.current = crypto.randomUUID();
      if (code && (ORDER_ERROR_REASONS as readonly string[]).includes(code)) {
        navigate(`/payment/error?reason=${encodeURIComponent(code)}&park=${parkId}`);
        return;
      }
      setError({ text: errorText(err, locale), code });
    }
  };

  return { submit, busy: isLoading || leaving, error };
}
