import type { Envelope } from '../../../../common/dto/api';
import type { LikeStatus } from '../../../../common/dto/library';
import type { ParkUserDetail, StoryDetail, StoryListMeta, StorySummary } from '../../../../common/dto/story';
import type { StoryList } from '../../../../common/enums';
import { api } from '../../lib/api';

export interface StorySearch {
  list?: StoryList;
  keyword?: string;
  park_id?: number;
  park_user_id?: number;
  park_living_thing_id?: number;
  living_thing_id?: number;
  seed?: string;
  page?: number;
  per_page?: number;
}

export type StoryPage = { data: StorySummary[]; meta: StoryListMeta };

// Like and Follow tags are shared by name with the library pages and the other follow buttons.
export const storiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStories: build.query<StoryPage, StorySearch>({
      query: (params) => ({ url: '/stories', params }),
      providesTags: ['Story'],
    }),
    getStory: build.query<Envelope<StoryDetail>, number>({
      query: (id) => `/stories/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Story', id }],
    }),
    countStoryView: build.mutation<void, number>({
      query: (id) => ({ url: `/stories/${id}/views`, method: 'POST' }),
    }),
    getStoryByLink: build.query<Envelope<StoryDetail>, string>({
      query: (linkId) => `/private/stories/${encodeURIComponent(linkId)}`,
    }),
    getParkUser: build.query<Envelope<ParkUserDetail>, number>({
      query: (id) => `/park-users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Story', id: `park-user-${id}` }],
    }),
    likeStatus: build.query<Envelope<LikeStatus>, number>({
      query: (storyId) => ({ url: '/me/likes/status', params: { story_id: storyId } }),
      providesTags: (_r, _e, id) => [{ type: 'Like', id }],
    }),
    setLike: build.mutation<Envelope<LikeStatus>, { storyId: number; liked: boolean }>({
      query: ({ storyId, liked }) =>
        liked
          ? { url: '/me/likes', method: 'POST', body: { story_id: storyId } }
          : { url: `/me/likes/${storyId}`, method: 'DELETE' },
      invalidatesTags: (_r, _e, { storyId }) => [
        { type: 'Like', id: storyId },
        { type: 'Like', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListStoriesQuery,
  useGetStoryQuery,
  useGetStoryByLinkQuery,
  useCountStoryViewMutation,
  useGetParkUserQuery,
  useLikeStatusQuery,
  useSetLikeMutation,
} = storiesApi;
