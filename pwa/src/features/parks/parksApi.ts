import type { Envelope, Paged } from '../../../../common/dto/api';
import type { ParkDetail, ParkSummary } from '../../../../common/dto/park';
import { api } from '../../lib/api';

export interface ParkSearch {
  keyword?: string;
  region_id?: number;
  prefecture_id?: number[];
  kind?: 'zoo' | 'aquarium';
  page?: number;
  per_page?: number;
}

export const parksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listParks: build.query<Paged<ParkSummary>, ParkSearch>({
      query: (params) => ({ url: '/parks', params }),
      providesTags: ['Park'],
    }),
    getPark: build.query<Envelope<ParkDetail>, { id: number; linkId?: string }>({
      query: ({ id, linkId }) => ({ url: `/parks/${id}`, params: linkId ? { link_id: linkId } : undefined }),
      providesTags: (_r, _e, { id }) => [{ type: 'Park', id }],
    }),
    getParkByLink: build.query<Envelope<ParkDetail>, string>({
      query: (linkId) => `/private/parks/${encodeURIComponent(linkId)}`,
    }),
  }),
});

export const { useListParksQuery, useGetParkQuery, useGetParkByLinkQuery } = parksApi;
