// Endpoints of the staff pages that need the network (server: features/staff). What the gate needs offline is
// synced into IndexedDB by gateSync.ts instead.
import type { Envelope } from '../../../../common/dto/api';
import type { FlaggedAct } from '../../../../common/dto/staff';
import { api } from '../../lib/api';

const FLAGGED = { type: 'Staff' as const, id: 'FLAGGED' };

export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    flaggedActs: build.query<FlaggedAct[], { parkId: number; reviewed: boolean }>({
      query: ({ parkId, reviewed }) => ({ url: `/staff/parks/${parkId}/scans`, params: { reviewed } }),
      transformResponse: (r: Envelope<FlaggedAct[]>) => r.data,
      providesTags: [FLAGGED],
      keepUnusedDataFor: 0,
    }),
    reviewAct: build.mutation<FlaggedAct, string>({
      query: (scanId) => ({ url: `/staff/scans/${scanId}/review`, method: 'POST' }),
      transformResponse: (r: Envelope<FlaggedAct>) => r.data,
      invalidatesTags: [FLAGGED],
    }),
  }),
});

export const { useFlaggedActsQuery, useReviewActMutation } = staffApi;
