// Answer schemas of the park-user routes (common/dto/story.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { envelope, int, listOf, PAGE_META, PARK_USER_REF, shape, str } from '../../lib/responses';

export const PARK_USER_LIST_ANSWER = { status: { 200: listOf(PARK_USER_REF, PAGE_META) } };
export const PARK_USER_ANSWER = {
  status: {
    200: envelope(
      shape({
        id: int(),
        name: str(),
        role: str(),
        iconUrl: str(),
        bio: str(),
        park: shape({ id: int(), name: str(), imageUrl: str() }),
        storyCount: int(),
        followerCount: int(),
      }),
      Joi.object({}),
    ),
  },
};
