// Endpoints of the back office's pass holders (server: features/passes/staffRoutes.ts, office/*). The reports are
// plain links (passReportUrl), like the daily report's CSV.
import type { Envelope } from '../../../../common/dto/api';
import type { OfficePassHolderDetail, OfficePassHolderSearch, PassState } from '../../../../common/dto/pass';
import type { Locale } from '../../../../common/enums';
import { api } from '../../lib/api';

const HOLDERS = { type: 'Staff' as const, id: 'PASS_HOLDERS' };

export interface HolderSearchArgs {
  parkId: number;
  q: string;
  state: PassState | '';
  page: number;
}

export const passHolderApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPassHolders: build.query<OfficePassHolderSearch, HolderSearchArgs>({
      query: ({ parkId, q, state, page }) => ({
        url: `/staff/parks/${parkId}/pass-holders/search`,
        params: { q, page, ...(state ? { state } : {}) },
      }),
      transformResponse: (r: Envelope<OfficePassHolderSearch>) => r.data,
      providesTags: [HOLDERS],
      keepUnusedDataFor: 0,
    }),
    passHolder: build.query<OfficePassHolderDetail, { parkId: number; holderId: number }>({
      query: ({ parkId, holderId }) => ({ url: `/staff/parks/${parkId}/pass-holders/${holderId}` }),
      transformResponse: (r: Envelope<OfficePassHolderDetail>) => r.data,
      providesTags: [HOLDERS],
      keepUnusedDataFor: 0,
    }),
    changeSuspension: build.mutation<void, { parkId: number; holderId: number; suspend: boolean; reason: string }>({
      query: ({ parkId, holderId, suspend, reason }) => ({
        url: `/staff/parks/${parkId}/pass-holders/${holderId}/suspension`,
        method: suspend ? 'POST' : 'DELETE',
        body: { reason },
      }),
      invalidatesTags: [HOLDERS],
    }),
    reissueCard: build.mutation<{ revoked: number }, { parkId: number; holderId: number }>({
      query: ({ parkId, holderId }) => ({
        url: `/staff/parks/${parkId}/pass-holders/${holderId}/reissue`,
        method: 'POST',
      }),
      transformResponse: (r: Envelope<{ revoked: number }>) => r.data,
      invalidatesTags: [HOLDERS],
    }),
  }),
});

export const { useSearchPassHoldersQuery, usePassHolderQuery, useChangeSuspensionMutation, useReissueCardMutation } =
  passHolderApi;

export const passReportUrl = (
  parkId: number,
  report: 'pass-renewals' | 'pass-visits',
  from: string,
  to: string,
  locale: Locale,
) => `/api/v1/staff/parks/${parkId}/reports/${report}.csv?from=${from}&to=${to}&lang=${locale}`;
