import type { Envelope } from '../../../../common/dto/api';
import type { ParkDetail } from '../../../../common/dto/park';
import { api } from '../../lib/api';
import { parkQuery } from '../../lib/earlyData';

export type { ParkSearch } from '../../lib/parks';
export { useListParksQuery } from '../../lib/parks';

export const parksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPark: build.query<Envelope<ParkDetail>, { id: number; linkId?: string }>({
      query: ({ id, linkId }) => parkQuery(id, linkId),
      providesTags: (_r, _e, { id }) => [{ type: 'Park', id }],
    }),
    getParkByLink: build.query<Envelope<ParkDetail>, string>({
      query: (linkId) => `/private/parks/${encodeURIComponent(linkId)}`,
    }),
  }),
});

export const { useGetParkQuery, useGetParkByLinkQuery } = parksApi;
