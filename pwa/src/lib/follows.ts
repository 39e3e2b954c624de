// Following parks, park users and living things: one pair of endpoints for every page that shows a follow button.
import type { Envelope } from '../../../common/dto/api';
import type { FollowStatus, FollowTarget } from '../../../common/dto/library';
import { api } from './api';

export interface FollowArgs {
  targetType: FollowTarget;
  targetId: number;
}

// Follower counts are shown on the followed thing's profile.
const profileTag = ({ targetType, targetId }: FollowArgs) =>
  targetType === 'park'
    ? ({ type: 'Park', id: targetId } as const)
    : targetType === 'living_thing'
      ? ({ type: 'LivingThing', id: targetId } as const)
      : ({ type: 'Story', id: `park-user-${targetId}` } as const);

export const followsApi = api.injectEndpoints({
  endpoints: (build) => ({
    followStatus: build.query<Envelope<FollowStatus>, FollowArgs>({
      query: ({ targetType, targetId }) => ({
        url: '/me/follows/status',
        params: { target_type: targetType, target_id: targetId },
      }),
      providesTags: (_r, _e, a) => [{ type: 'Follow', id: `${a.targetType}:${a.targetId}` }],
    }),
    setFollow: build.mutation<Envelope<FollowStatus>, FollowArgs & { following: boolean }>({
      query: ({ targetType, targetId, following }) =>
        following
          ? { url: '/me/follows', method: 'POST', body: { target_type: targetType, target_id: targetId } }
          : { url: `/me/follows/${targetType}/${targetId}`, method: 'DELETE' },
      invalidatesTags: (_r, _e, a) => [
        { type: 'Follow', id: `${a.targetType}:${a.targetId}` },
        { type: 'Follow', id: 'LIST' },
        profileTag(a),
      ],
    }),
  }),
});
