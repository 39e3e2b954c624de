import type { Envelope, Paged } from '../../../../common/dto/api';
import type {
  Habitat,
  LivingThingDetail,
  LivingThingGroup,
  LivingThingSummary,
  ParkLivingThingDetail,
  ParkLivingThingSummary,
} from '../../../../common/dto/livingThing';
import type { StoryListMeta, StorySummary } from '../../../../common/dto/story';
import { api } from '../../lib/api';

export interface LivingThingSearch {
  keyword?: string;
  classification?: LivingThingGroup;
  habitat?: Habitat;
  park_id?: number;
  page?: number;
  per_page?: number;
}

export const livingThingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLivingThings: build.query<Paged<LivingThingSummary>, LivingThingSearch>({
      query: (params) => ({ url: '/living-things', params }),
      providesTags: ['LivingThing'],
    }),
    getLivingThing: build.query<Envelope<LivingThingDetail>, number>({
      query: (id) => `/living-things/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'LivingThing', id }],
    }),
    listParkLivingThings: build.query<
      Paged<ParkLivingThingSummary>,
      { keyword?: string; park_id?: number; living_thing_id?: number; page?: number; per_page?: number }
    >({
      query: (params) => ({ url: '/park-living-things', params }),
      providesTags: ['LivingThing'],
    }),
    getParkLivingThing: build.query<Envelope<ParkLivingThingDetail>, number>({
      query: (id) => `/park-living-things/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'LivingThing', id: `park-${id}` }],
    }),
    livingThingStories: build.query<
      { data: StorySummary[]; meta: StoryListMeta },
      { park_living_thing_id?: number; living_thing_id?: number; per_page?: number }
    >({
      query: (params) => ({ url: '/stories', params }),
      providesTags: ['Story'],
    }),
  }),
});

export const {
  useListLivingThingsQuery,
  useGetLivingThingQuery,
  useListParkLivingThingsQuery,
  useGetParkLivingThingQuery,
  useLivingThingStoriesQuery,
} = livingThingsApi;
