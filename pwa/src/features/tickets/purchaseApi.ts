// Endpoints of the item purchase panel and the seat page: availability per date and slot, the seat map, and
// adding a line to the cart (guests send their guest header through the shared baseQuery).
import type { Envelope } from '../../../../common/dto/api';
import type {
  AddCartLineRequest,
  CartLine,
  DateAvailability,
  PassPlaces,
  SeatState,
} from '../../../../common/dto/cart';
import type { WaitlistView } from '../../../../common/dto/lottery';
import type { AddPassLineRequest } from '../../../../common/dto/pass';
import type { RegisteredCard } from '../../../../common/rules/card';
import { api } from '../../lib/api';
import { availabilityQuery } from '../../lib/earlyData';

export interface AddLineMeta {
  parkId: number;
  expiresAt: string;
  holdMinutes: number;
  serverTime: string;
}

/** An add to the cart, with the waiting room's admission token when the item's sale goes through one. */
export type AddLineBody = (AddCartLineRequest | AddPassLineRequest) & { admissionToken?: string };

export const purchaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    itemAvailability: build.query<
      Envelope<DateAvailability[]>,
      { id: number; from: string; to: string; linkId?: string }
    >({
      query: ({ id, from, to, linkId }) => availabilityQuery(id, { from, to }, linkId),
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
    }),
    itemSeats: build.query<Envelope<SeatState[]>, { id: number; date: string; timeSlotId?: number; linkId?: string }>({
      query: ({ id, date, timeSlotId, linkId }) => ({
        url: `/items/${id}/seats`,
        params: { date, ...(timeSlotId ? { time_slot_id: timeSlotId } : {}), ...(linkId ? { link_id: linkId } : {}) },
      }),
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
    }),
    /** The places set aside for the signed-in visitor's pass holders on a date (none for anyone else). */
    passPlaces: build.query<Envelope<PassPlaces>, { id: number; date: string; linkId?: string }>({
      query: ({ id, date, linkId }) => ({
        url: `/items/${id}/pass-places`,
        params: { date, ...(linkId ? { link_id: linkId } : {}) },
      }),
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
    }),
    /** The cards a waitlist place can be paid with later. */
    myCardsForWaitlist: build.query<Envelope<RegisteredCard[]>, void>({
      query: () => '/me/cards',
    }),
    joinWaitlist: build.mutation<
      Envelope<WaitlistView>,
      {
        itemId: number;
        date: string;
        time_slot_id: number | null;
        quantities: { age_group_id: number; quantity: number }[];
        user_card_id: number;
      }
    >({
      query: ({ itemId, ...body }) => ({ url: `/items/${itemId}/waitlist`, method: 'POST', body }),
      invalidatesTags: ['Lottery'],
    }),
    addCartLine: build.mutation<Envelope<CartLine, AddLineMeta>, AddLineBody>({
      // A high-demand item's add carries the waiting room's admission (issue 30) in its header.
      query: ({ admissionToken, ...body }) => ({
        url: '/carts',
        method: 'POST',
        body,
        ...(admissionToken ? { headers: { 'x-admission-token': admissionToken } } : {}),
      }),
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const {
  useItemAvailabilityQuery,
  useItemSeatsQuery,
  usePassPlacesQuery,
  useAddCartLineMutation,
  useMyCardsForWaitlistQuery,
  useJoinWaitlistMutation,
} = purchaseApi;
