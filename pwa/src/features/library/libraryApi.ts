import type { Paged } from '../../../../common/dto/api';
import type {
  FavoriteEntry,
  FavoriteListMeta,
  FavoriteTarget,
  FollowEntry,
  FollowListMeta,
  FollowTarget,
  LikedStory,
} from '../../../../common/dto/library';
import { api } from '../../lib/api';

// The signed-in user's library. Tags are shared by name with the follow and like buttons of other pages.
export const libraryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFollows: build.query<
      { data: FollowEntry[]; meta: FollowListMeta },
      { target_type?: FollowTarget; page?: number; per_page?: number }
    >({
      query: (params) => ({ url: '/me/follows', params }),
      providesTags: [{ type: 'Follow', id: 'LIST' }],
    }),
    removeFollow: build.mutation<unknown, { targetType: FollowTarget; targetId: number }>({
      query: ({ targetType, targetId }) => ({ url: `/me/follows/${targetType}/${targetId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, a) => [
        { type: 'Follow', id: 'LIST' },
        { type: 'Follow', id: `${a.targetType}:${a.targetId}` },
      ],
    }),
    listLikes: build.query<Paged<LikedStory>, { page?: number; per_page?: number }>({
      query: (params) => ({ url: '/me/likes', params }),
      providesTags: [{ type: 'Like', id: 'LIST' }],
    }),
    removeLike: build.mutation<unknown, number>({
      query: (storyId) => ({ url: `/me/likes/${storyId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, storyId) => [
        { type: 'Like', id: 'LIST' },
        { type: 'Like', id: storyId },
      ],
    }),
    listFavorites: build.query<
      { data: FavoriteEntry[]; meta: FavoriteListMeta },
      { target_type?: FavoriteTarget; page?: number; per_page?: number }
    >({
      query: (params) => ({ url: '/me/favorites', params }),
      providesTags: [{ type: 'Favorite', id: 'LIST' }],
    }),
    removeFavorite: build.mutation<unknown, { targetType: FavoriteTarget; targetId: number }>({
      query: ({ targetType, targetId }) => ({ url: `/me/favorites/${targetType}/${targetId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, a) => [
        { type: 'Favorite', id: 'LIST' },
        { type: 'Favorite', id: `${a.targetType}:${a.targetId}` },
      ],
    }),
  }),
});

export const {
  useListFollowsQuery,
  useRemoveFollowMutation,
  useListLikesQuery,
  useRemoveLikeMutation,
  useListFavoritesQuery,
  useRemoveFavoriteMutation,
} = libraryApi;

/** Where a library entry opens. */
export function followPath(e: { targetType: FollowTarget; targetId: number }): string {
  switch (e.targetType) {
    case 'park':
      return `/profile/park/${e.targetId}`;
    case 'park_user':
      return `/profile/park-user/${e.targetId}`;
    default:
      return `/profile/living-thing/${e.targetId}`;
  }
}

export function favoritePath(e: { targetType: FavoriteTarget; targetId: number }): string {
  return e.targetType === 'item' ? `/items/${e.targetId}` : `/ticket-pack/${e.targetId}`;
}
