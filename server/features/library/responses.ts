// Answer schemas of the library routes (common/dto/library.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { FAVORITE_TARGETS, FOLLOW_TARGETS } from '../../../common/dto/library';
import { bool, dateTime, envelope, int, listOf, NAMED_REF, PAGE_META, shape, str } from '../../lib/responses';
import { STORY_SUMMARY } from '../stories';

const NO_META = Joi.object({});

const FOLLOW_ENTRY = shape({
  targetType: Joi.valid(...FOLLOW_TARGETS),
  targetId: int(),
  name: str(),
  subtitle: str(),
  imageUrl: str(),
  followedAt: dateTime(),
});
const FOLLOW_STATUS = shape({ targetType: Joi.valid(...FOLLOW_TARGETS), targetId: int(), following: bool() });
const FAVORITE_ENTRY = shape({
  targetType: Joi.valid(...FAVORITE_TARGETS),
  targetId: int(),
  name: str(),
  imageUrl: str(),
  park: NAMED_REF,
  favoritedAt: dateTime(),
});
const FAVORITE_STATUS = shape({ targetType: Joi.valid(...FAVORITE_TARGETS), targetId: int(), favorite: bool() });
const LIKE_STATUS = shape({ storyId: int(), liked: bool(), likeCount: int() });

export const FOLLOWS_ANSWER = {
  status: {
    200: listOf(
      FOLLOW_ENTRY,
      PAGE_META.keys({ counts: shape({ park: int(), parkUser: int(), livingThing: int(), total: int() }).required() }),
    ),
  },
};
export const FOLLOW_STATUS_ANSWER = { status: { 200: envelope(FOLLOW_STATUS, NO_META) } };
/** 201 when new, 200 when already there. */
export const FOLLOWED_ANSWER = {
  status: { 200: envelope(FOLLOW_STATUS, NO_META), 201: envelope(FOLLOW_STATUS, NO_META) },
};
export const LIKES_ANSWER = {
  status: { 200: listOf(STORY_SUMMARY.keys({ likedAt: dateTime().required() }), PAGE_META) },
};
export const LIKE_STATUS_ANSWER = { status: { 200: envelope(LIKE_STATUS, NO_META) } };
export const LIKED_ANSWER = { status: { 200: envelope(LIKE_STATUS, NO_META), 201: envelope(LIKE_STATUS, NO_META) } };
export const FAVORITES_ANSWER = {
  status: {
    200: listOf(
      FAVORITE_ENTRY,
      PAGE_META.keys({ counts: shape({ item: int(), ticketPack: int(), total: int() }).required() }),
    ),
  },
};
export const FAVORITE_STATUS_ANSWER = { status: { 200: envelope(FAVORITE_STATUS, NO_META) } };
export const FAVORITED_ANSWER = {
  status: { 200: envelope(FAVORITE_STATUS, NO_META), 201: envelope(FAVORITE_STATUS, NO_META) },
};
