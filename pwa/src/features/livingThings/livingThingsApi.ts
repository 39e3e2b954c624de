import type { Envelope, Paged } from '../../../../common/dto/api';
import type { FollowStatus, FollowTarget } from '../../../../common/dto/library';
import type {
  Habitat,
  LivingThingDetail,
  LivingThingGroup,
  LivingThingSummary,
  ParkLivingThingDetail,
  ParkLivingThingSummary,
} from '../../../../common/dto/livingThing';
import type { ParkSummary } from '../../../../common/dto/park';
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

type FollowArgs = { targetType: FollowTarget; targetId: number };

// Follow tags are shared by name with the other features' follow buttons and the follows page.
export const livingThingsApi = api.enhanceEndpoints({ addTagTypes: ['Follow'] }).injectEndpoints({
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
    livingThingParks: build.query<Paged<ParkSummary>, void>({
      query: () => ({ url: '/parks', params: { per_page: 100 } }),
      providesTags: ['Park'],
    }),
    livingThingFollowStatus: build.query<Envelope<FollowStatus>, FollowArgs>({
      query: ({ targetType, targetId }) => ({
        url: '/me/follows/status',
        params: { target_type: targetType, target_id: targetId },
      }),
      providesTags: (_r, _e, a) => [{ type: 'Follow', id: `${a.targetType}:${a.targetId}` }],
    }),
    livingThingFollow: build.mutation<Envelope<FollowStatus>, FollowArgs & { following: boolean }>({
      query: ({ targetType, targetId, following }) =>
        following
          ? { url: '/me/follows', method: 'POST', body: { target_type: targetType, target_id: targetId } }
          : { url: `/me/follows/${targetType}/${targetId}`, method: 'DELETE' },
      invalidatesTags: (_r, _e, a) => [
        { type: 'Follow', id: `${a.targetType}:${a.targetId}` },
        { type: 'Follow', id: 'LIST' },
        { type: 'LivingThing', id: a.targetId },
      ],
    }),
  }),
});

export const {
  useListLivingThingsQuery,
  useGetLivingThingQuery,
  useListParkLivingThingsQuery,
  useGetParkLivingThingQuery,
  useLivingThingStoriesQuery,
  useLivingThingParksQuery,
  useLivingThingFollowStatusQuery,
  useLivingThingFollowMutation,
} = livingThingsApi;
