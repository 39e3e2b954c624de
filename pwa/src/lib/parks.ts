// The one park list endpoint (GET /parks): the park search, the home page's rows and the park filters of the ticket,
// story and animal searches all read it.
import type { Paged } from '../../../common/dto/api';
import type { ParkSummary } from '../../../common/dto/park';
import { api } from './api';

export interface ParkSearch {
  keyword?: string;
  region_id?: number;
  prefecture_id?: number[];
  kind?: 'zoo' | 'aquarium';
  page?: number;
  per_page?: number;
}

/** Every park, north to south: the choices of a park filter. */
export const ALL_PARKS: ParkSearch = { per_page: 100 };

export const parkListApi = api.injectEndpoints({
  endpoints: (build) => ({
    listParks: build.query<Paged<ParkSummary>, ParkSearch>({
      query: (params) => ({ url: '/parks', params }),
      providesTags: ['Park'],
    }),
  }),
});

export const { useListParksQuery } = parkListApi;

/** The parks a filter offers. */
export const useParkOptionsQuery = () => useListParksQuery(ALL_PARKS);
