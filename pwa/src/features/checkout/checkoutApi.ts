// Endpoints of the cart, checkout, payment and wallet pages (server: features/carts, orders, payments, me).
// URLs are relative to /api/v1. Guests' cart calls carry the guest header (added by the shared baseQuery).
import type { Envelope, PageMeta } from '../../../../common/dto/api';
import type { Cart, CartsMeta, RemoveCartLinesRequest, UpdateCartLinesRequest } from '../../../../common/dto/cart';
import type { GroupRequest } from '../../../../common/dto/group';
import type {
  CoinBalance,
  CoinHistoryEntry,
  CouponView,
  OrderDetail,
  PaymentStartAnswer,
  PlaceOrderAnswer,
  PlaceOrderRequest,
} from '../../../../common/dto/order';
import type { Profile } from '../../../../common/dto/user';
import type { RegisteredCard } from '../../../../common/rules/card';
import type { PaymentView } from '../../../../common/rules/paymentState';
import { api } from '../../lib/api';
import { toastNoticesOfAnswer } from '../../lib/carts';

/** GET /api/v1/payments/config */
export interface PaymentsConfig {
  card: { available: boolean; sandbox: boolean; shopId: string | null; tokenUrl: string | null };
  paypay: { available: boolean };
  merpay: { available: boolean };
  konbini?: { available: boolean };
}

/** The item as the add-info step reads it: the fields may come with the item detail (or the cart line). */

export type CartLineChange = UpdateCartLinesRequest['data']['lines'][number];

/** PUT /api/v1/me (the payment page's small profile form). */
export interface ProfileUpdate {
  name: string;
  email: string | null;
  telephone: string | null;
  prefecture_id: number;
  birthdate: string | null;
  language: number;
  gender?: number;
}

const CARDS = { type: 'Card' as const, id: 'LIST' };

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getParkCart: build.query<Envelope<Cart, CartsMeta>, number>({
      query: (parkId) => `/carts/${parkId}`,
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
      onQueryStarted: toastNoticesOfAnswer,
    }),
    updateCartLines: build.mutation<Envelope<Cart[], CartsMeta>, CartLineChange[]>({
      query: (lines) => ({ url: '/carts', method: 'PUT', body: { data: { lines } } }),
      invalidatesTags: ['Cart'],
    }),
    removeCartLines: build.mutation<Envelope<Cart[], CartsMeta>, number[]>({
      query: (lineIds) => ({
        url: '/carts',
        method: 'DELETE',
        body: { line_ids: lineIds } satisfies RemoveCartLinesRequest,
      }),
      invalidatesTags: ['Cart'],
    }),
    // One idempotency key per checkout attempt: a double tap or a retry after a lost answer is the same order.
    placeOrder: build.mutation<Envelope<PlaceOrderAnswer>, PlaceOrderRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/orders',
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidatesTags: ['Cart', 'Coupon', 'Coin', 'Ticket', CARDS],
    }),
    // The lottery entry the cart would make, checked against its round before the card is asked for.
    checkLotteryEntry: build.mutation<
      Envelope<{ lotteryId: number | null }>,
      { park_id: number; line_ids?: number[]; lottery_choices: { date: string; time_slot_id: number | null }[] }
    >({
      query: (body) => ({ url: '/me/lottery-entries/check', method: 'POST', body }),
    }),
    // Gives up a payment left at the provider's page: its cart lines can change again.
    cancelOrderPayment: build.mutation<Envelope<OrderDetail>, number>({
      query: (id) => ({ url: `/orders/${id}/cancel-payment`, method: 'POST', body: {} }),
      invalidatesTags: ['Cart', 'Coin'],
    }),
    getOrder: build.query<Envelope<OrderDetail>, number>({
      query: (id) => `/orders/${id}`,
      keepUnusedDataFor: 0,
    }),
    paymentReturn: build.mutation<Envelope<PaymentView>, { id: string; query: Record<string, string> }>({
      query: ({ id, query }) => ({
        url: `/payments/${encodeURIComponent(id)}/return`,
        method: 'POST',
        body: { query },
      }),
      invalidatesTags: ['Cart', 'Coin', 'Coupon', 'Ticket'],
    }),
    getPayment: build.query<Envelope<PaymentView>, string>({
      query: (id) => `/payments/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
    paymentsConfig: build.query<Envelope<PaymentsConfig>, void>({
      query: () => '/payments/config',
    }),
    myCoupons: build.query<Envelope<CouponView[]>, void>({
      query: () => '/me/coupons',
      providesTags: ['Coupon'],
    }),
    currentCoins: build.query<Envelope<CoinBalance>, void>({
      query: () => '/me/coins/current_coin',
      providesTags: ['Coin'],
    }),
    coinHistory: build.query<Envelope<CoinHistoryEntry[], PageMeta & { balance: number }>, { page: number }>({
      query: ({ page }) => ({ url: '/me/coins/details', params: { page, per_page: 20 } }),
      providesTags: ['Coin'],
    }),
    cards: build.query<Envelope<RegisteredCard[]>, void>({
      query: () => '/me/cards',
      providesTags: [CARDS],
    }),
    registerCard: build.mutation<
      Envelope<RegisteredCard>,
      { token: string; holder_name: string | null; default?: boolean }
    >({
      query: (body) => ({ url: '/me/cards', method: 'POST', body }),
      invalidatesTags: [CARDS],
    }),
    setDefaultCard: build.mutation<Envelope<RegisteredCard[]>, number>({
      query: (id) => ({ url: `/me/cards/${id}/default`, method: 'PUT' }),
      invalidatesTags: [CARDS],
    }),
    deleteCard: build.mutation<Envelope<null>, number>({
      query: (id) => ({ url: `/me/cards/${id}`, method: 'DELETE' }),
      invalidatesTags: [CARDS],
    }),
    /** An approved group request, paid here by card instead of by invoice (issue 31). */
    groupToPay: build.query<Envelope<GroupRequest>, number>({
      query: (id) => `/me/group-requests/${id}`,
    }),
    payGroupByCard: build.mutation<
      Envelope<{ orderId: number; payment: PaymentStartAnswer }>,
      { id: number; card: { user_card_id: number } | { card_token: string } }
    >({
      query: ({ id, card }) => ({ url: `/me/group-requests/${id}/payment`, method: 'POST', body: card }),
    }),
    updatePaymentProfile: build.mutation<Envelope<Profile>, ProfileUpdate>({
      query: (body) => ({ url: '/me', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useGetParkCartQuery,
  useUpdateCartLinesMutation,
  useRemoveCartLinesMutation,
  usePlaceOrderMutation,
  useCancelOrderPaymentMutation,
  useCheckLotteryEntryMutation,
  useGetOrderQuery,
  usePaymentReturnMutation,
  useGetPaymentQuery,
  usePaymentsConfigQuery,
  useMyCouponsQuery,
  useCurrentCoinsQuery,
  useCoinHistoryQuery,
  useCardsQuery,
  useRegisterCardMutation,
  useSetDefaultCardMutation,
  useDeleteCardMutation,
  useUpdatePaymentProfileMutation,
  useGroupToPayQuery,
  usePayGroupByCardMutation,
} = checkoutApi;
