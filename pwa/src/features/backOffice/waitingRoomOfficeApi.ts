// The back office's waiting room of an item (issue 30): the queue's length, admissions and rate; set it up, change
// it, pause and resume.
import type { Envelope } from '../../../../common/dto/api';
import { api } from '../../lib/api';

export interface RoomOverview {
  itemId: number;
  state: 'prequeue' | 'open';
  opensAt: string;
  closesAt: string | null;
  seedHash: string;
  rate: number;
  maxRate: number | null;
  auto: boolean;
  paused: boolean;
  tokenMinutes: number;
  length: number;
  admitted: number;
  used: number;
}

export interface RoomInput {
  opens_at?: string;
  rate?: number;
  token_minutes?: number;
  paused?: boolean;
}

const office = api.enhanceEndpoints({ addTagTypes: ['WaitingRoom'] });

export const waitingRoomOfficeApi = office.injectEndpoints({
  endpoints: (build) => ({
    officeRoom: build.query<RoomOverview, { parkId: number; itemId: number }>({
      query: ({ parkId, itemId }) => `/staff/parks/${parkId}/items/${itemId}/waiting-room`,
      transformResponse: (r: Envelope<RoomOverview>) => r.data,
      providesTags: ['WaitingRoom'],
      keepUnusedDataFor: 0,
    }),
    saveOfficeRoom: build.mutation<RoomOverview, { parkId: number; itemId: number; body: RoomInput }>({
      query: ({ parkId, itemId, body }) => ({
        url: `/staff/parks/${parkId}/items/${itemId}/waiting-room`,
        method: 'PUT',
        body,
      }),
      transformResponse: (r: Envelope<RoomOverview>) => r.data,
      invalidatesTags: ['WaitingRoom'],
    }),
  }),
});

export const { useOfficeRoomQuery, useSaveOfficeRoomMutation } = waitingRoomOfficeApi;
