// The waiting room of a high-demand sale (issue 30): the caller's place (polled politely: the answer's
// Retry-After says when to ask again), taking a place, and the admission token the cart asks for.
import type { Envelope } from '../../../../common/dto/api';
import type { Admission, QueueStatus } from '../../../../common/dto/waitingRoom';
import { api } from '../../lib/api';

export const waitingRoomApi = api.injectEndpoints({
  endpoints: (build) => ({
    queueStatus: build.query<Envelope<QueueStatus>, number>({
      query: (itemId) => `/items/${itemId}/waiting-room`,
      keepUnusedDataFor: 0,
    }),
    joinQueue: build.mutation<Envelope<QueueStatus>, number>({
      query: (itemId) => ({ url: `/items/${itemId}/waiting-room`, method: 'POST', body: {} }),
    }),
    admission: build.mutation<Envelope<Admission>, number>({
      query: (itemId) => ({ url: `/items/${itemId}/waiting-room/admission`, method: 'POST' }),
    }),
  }),
});

export type { Admission, QueueStatus };

export const { useQueueStatusQuery, useLazyQueueStatusQuery, useJoinQueueMutation, useAdmissionMutation } =
  waitingRoomApi;
