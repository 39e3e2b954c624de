// Lottery entries and waitlist places of My Tickets (server: features/lottery, features/waitlist). Online only:
// entries change at the draw, offers at their deadline.
import type { Envelope } from '../../../../common/dto/api';
import type { LotteryEntryView, WaitlistView } from '../../../../common/dto/lottery';
import type { PlaceOrderAnswer } from '../../../../common/dto/order';
import { api } from '../../lib/api';

import { MY_ENTRIES as TAG } from '../../lib/lottery';

export const lotteryApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawEntry: build.mutation<Envelope<unknown>, number>({
      query: (id) => ({ url: `/me/lottery-entries/${id}`, method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
    changeEntry: build.mutation<
      Envelope<LotteryEntryView>,
      { id: number; choices: { date: string; time_slot_id: number | null }[]; waitlist: boolean }
    >({
      query: ({ id, ...body }) => ({ url: `/me/lottery-entries/${id}`, method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
    myWaitlist: build.query<Envelope<WaitlistView[]>, void>({
      query: () => '/me/waitlist',
      providesTags: [TAG],
    }),
    waitlistEntry: build.query<Envelope<WaitlistView>, number>({
      query: (id) => `/me/waitlist/${id}`,
      providesTags: [TAG],
    }),
    acceptOffer: build.mutation<Envelope<{ orderId: number; payment: PlaceOrderAnswer['payment'] }>, number>({
      query: (id) => ({ url: `/me/waitlist/${id}/accept`, method: 'POST', body: {} }),
      invalidatesTags: [TAG, 'Ticket'],
    }),
    leaveWaitlist: build.mutation<Envelope<unknown>, number>({
      query: (id) => ({ url: `/me/waitlist/${id}`, method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useWithdrawEntryMutation,
  useChangeEntryMutation,
  useMyWaitlistQuery,
  useWaitlistEntryQuery,
  useAcceptOfferMutation,
  useLeaveWaitlistMutation,
} = lotteryApi;
