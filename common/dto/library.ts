import type { PageMeta } from './api';
import type { NamedRef } from './park';
import type { StorySummary } from './story';

/** What can be followed: the authors of stories (park users), living things and parks. */
export const FOLLOW_TARGETS = ['park', 'park_user', 'living_thing'] as const;
export type FollowTarget = (typeof FOLLOW_TARGETS)[number];

/** What can be kept as a favourite: items and ticket packs. */
export const FAVORITE_TARGETS = ['item', 'ticket_pack'] as const;
export type FavoriteTarget = (typeof FAVORITE_TARGETS)[number];

export interface FollowEntry {
  targetType: FollowTarget;
  targetId: number;
  name: string;
  /** Park users: role and park; living things: classification; parks: prefecture. */
  subtitle: string;
  imageUrl: string;
  followedAt: string;
}

export interface FollowCounts {
  park: number;
  parkUser: number;
  livingThing: number;
  total: number;
}

export interface FollowListMeta extends PageMeta {
  counts: FollowCounts;
}

export interface FollowStatus {
  targetType: FollowTarget;
  targetId: number;
  following: boolean;
}

export interface LikedStory extends StorySummary {
  likedAt: string;
}

export interface LikeStatus {
  storyId: number;
  liked: boolean;
  likeCount: number;
}

export interface FavoriteEntry {
  targetType: FavoriteTarget;
  targetId: number;
  name: string;
  imageUrl: string;
  park: NamedRef;
  favoritedAt: string;
}

export interface FavoriteCounts {
  item: number;
  ticketPack: number;
  total: number;
}

export interface FavoriteListMeta extends PageMeta {
  counts: FavoriteCounts;
}

export interface FavoriteStatus {
  targetType: FavoriteTarget;
  targetId: number;
  favorite: boolean;
}
