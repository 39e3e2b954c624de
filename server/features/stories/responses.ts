// Answer schemas of the story routes (common/dto/story.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { STORY_STATUSES } from '../../../common/dto/staff';
import { StoryKind, StoryList } from '../../../common/enums';
import {
  bool,
  codeOf,
  envelope,
  int,
  listOf,
  loose,
  NAMED_REF,
  nullable,
  PAGE_META,
  PARK_USER_REF,
  shape,
  str,
} from '../../lib/responses';

const summaryKeys = {
  id: int(),
  kind: codeOf(StoryKind),
  title: str(),
  excerpt: str(),
  imageUrl: str(),
  videoUrl: nullable(str()),
  durationSeconds: nullable(Joi.number()),
  likeCount: int(),
  viewCount: int(),
  publishedAt: str(),
  park: NAMED_REF,
  parkUser: PARK_USER_REF,
  parkLivingThing: nullable(shape({ id: int(), nickname: str() })),
  livingThing: nullable(NAMED_REF),
};

export const STORY_SUMMARY = shape(summaryKeys);

export const STORY_DETAIL = shape({
  ...summaryKeys,
  body: str(),
  images: Joi.array().items(shape({ url: str(), caption: str() })),
  // Loose: photos and movies with their sources (StoryMediaDto).
  media: Joi.array().items(loose()),
  livingThings: Joi.array().items(shape({ id: int(), nickname: str(), imageUrl: str() })),
  isPrivate: bool(),
  previewStatus: Joi.valid('draft', 'scheduled', 'published', 'unpublished').optional(),
});

export const STORY_LIST_ANSWER = {
  status: {
    200: listOf(
      STORY_SUMMARY,
      PAGE_META.keys({ list: nullable(codeOf(StoryList)).required(), seed: str().optional() }),
    ),
  },
};
export const STORY_ANSWER = { status: { 200: envelope(STORY_DETAIL, Joi.object({})) } };

// The back office (common/dto/staff.ts StaffStory).
const STAFF_STORY = shape({
  id: int(),
  parkId: int(),
  status: Joi.valid(...STORY_STATUSES),
  titleJa: str(),
  titleEn: nullable(str()),
  bodyJa: str(),
  bodyEn: nullable(str()),
  parkUserId: int(),
  parkLivingThingId: nullable(int()),
  parkLivingThingIds: Joi.array().items(int()),
  // Loose: photos and movies with their sources and both languages' alt text (StaffStoryMedia).
  media: Joi.array().items(loose()),
  imageUrl: str(),
  previewPath: str(),
  publishedAt: nullable(str()),
  createdAt: str(),
  updatedAt: str(),
});
export const STAFF_STORIES_ANSWER = { status: { 200: envelope(Joi.array().items(STAFF_STORY), Joi.object({})) } };
export const STAFF_STORY_ANSWER = { status: { 200: envelope(STAFF_STORY, Joi.object({})) } };
export const STAFF_STORY_CREATED_ANSWER = { status: { 201: envelope(STAFF_STORY, Joi.object({})) } };
