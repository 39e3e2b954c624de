// Orders (applications), coupons and coins as the API answers them.
import type { OrderState } from '../rules/orderState';

export interface OrderLineDetail {
  id: number;
  itemId: number | null;
  ticketPackId: number | null;
  name: string;
  date: string;
  time: string | null;
  seats: string[];
  units: { kind: string; ageGroupId: number | null; quantity: number; unitPrice: number; amount: number }[];
  subtotal: number;
  ticketNumbers: string[];
}

export interface OrderDetail {
  id: number;
  applicationNumber: string;
  state: OrderState;
  park: { id: number; name: string };
  kind: 'ITEMS' | 'PACKAGE';
  orderType: number;
  orderedAt: string;
  paidAt: string | null;
  subtotal: number;
  coinDiscount: number;
  couponDiscount: number;
  total: number;
  /** PaymentMethod: 1 card, 2 merpay, 3 PayPay, 4 full coin / free. */
  paymentMethod: number;
  paymentMode: 'CAPTURE' | 'AUTH';
  amountPaid: number;
  rewardCoins: number;
  paymentId: string | null;
  failureReason: string | null;
  lines: OrderLineDetail[];
}

/** POST /api/v1/orders */
export interface PlaceOrderRequest {
  park_id: number;
  /** Quick buy: only these cart lines (order_type 1). */
  line_ids?: number[];
  order_type?: 0 | 1;
  payment_method: 1 | 2 | 3 | 4 | 5;
  /** Konbini (payment_method 5): the store, GMO Convenience code (common/enums.ts KonbiniStore). */
  convenience?: string;
  coins?: number;
  user_coupon_ids?: number[];
  /** The terms must be accepted (true); false is an explicit decline. */
  agreement: boolean;
  card_token?: string;
  card_holder?: string;
  user_card_id?: number;
  save_card?: boolean;
  /** A lottery entry: the second and third choices (the cart line is the first). */
  lottery_choices?: { date: string; time_slot_id: number | null }[];
  /** A lottery entry: join the waitlist if not drawn. */
  lottery_waitlist?: boolean;
}

export interface PlaceOrderAnswer {
  orderId: number;
  applicationNumber: string;
  /**
   * redirect: open `url` (3-D Secure, PayPay, merpay); completed: paid; failed: see `reason`; pending: the
   * provider's answer was lost, follow the payment at the return page (`/payment/gmo/callback?payment_id=…`).
   */
  payment: PaymentStartAnswer;
}

/**
 * A payment just started: redirect: open `url` (3-D Secure, PayPay, merpay); completed: paid; failed: see `reason`;
 * pending: the provider's answer was lost, follow the payment at the return page (`/payment/gmo/callback?…`).
 */
export type PaymentStartAnswer =
  | { kind: 'redirect'; url: string; paymentId: string }
  | { kind: 'completed'; paymentId: string }
  | { kind: 'pending'; paymentId: string; provider: string }
  | { kind: 'failed'; paymentId: string; reason: string; message: string };

export interface CouponView {
  userCouponId: number;
  code: string;
  name: string;
  discountKind: 'percent' | 'yen';
  discountValue: number;
  scope: 'each_ticket' | 'listed_items';
  itemIds: number[];
  parkId: number | null;
  validFrom: string;
  validUntil: string;
  usageLimit: number;
  timesUsed: number;
  status: 'usable' | 'used' | 'expired' | 'notYet';
}

export interface CoinBalance {
  balance: number;
  nextExpiry: string | null;
}

export interface CoinHistoryEntry {
  id: number;
  kind: 'plus' | 'minus' | 'return' | 'expired';
  reason: string;
  amount: number;
  applicationNumber: string | null;
  expiresAt: string | null;
  createdAt: string;
}
