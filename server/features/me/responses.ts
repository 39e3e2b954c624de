// Answer schemas of the profile routes (common/dto/user.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { bool, envelope, int, nullable, PAGE_META, shape, str } from '../../lib/responses';

const PROFILE = shape({
  id: int(),
  name: str(),
  email: nullable(str()),
  telephone: nullable(str()),
  prefecture_id: int(),
  birthdate: nullable(str()),
  language: int(),
  gender: int(),
  icon_url: nullable(str()),
  child_flag: int(),
  parent_id: nullable(int()),
  notifications_enabled: bool(),
  has_password: bool(),
  mirairo_flag: int(),
  acting_parent_id: nullable(int()),
  social_providers: Joi.array().items(str()),
  staff_roles: Joi.array().items(shape({ park_id: int(), role: str() })),
});
const CHILD = shape({
  id: int(),
  name: str(),
  birthdate: nullable(str()),
  icon_url: nullable(str()),
  child_flag: Joi.valid(1),
});
/** `meta` of a change: the localised confirmation. */
const DONE = shape({ message: str() });

export const PROFILE_ANSWER = { status: { 200: envelope(PROFILE, Joi.object({})) } };
export const PROFILE_UPDATED_ANSWER = {
  status: { 200: envelope(PROFILE, shape({ code: Joi.valid('accountUpdated', 'emailChangeSent'), message: str() })) },
};
export const DONE_ANSWER = { status: { 200: envelope(Joi.valid(null), DONE) } };
export const NOTIFICATION_SWITCH_ANSWER = {
  status: { 200: envelope(shape({ notifications_enabled: bool() }), DONE) },
};
export const ICON_ANSWER = { status: { 200: envelope(shape({ icon_url: nullable(str()) }), DONE) } };
export const CHILDREN_ANSWER = { status: { 200: envelope(Joi.array().items(CHILD), PAGE_META) } };
export const CHILD_ADDED_ANSWER = { status: { 201: envelope(CHILD, DONE) } };
export const CHILD_UPDATED_ANSWER = { status: { 200: envelope(CHILD, DONE) } };
export const CHILD_ANSWER = { status: { 200: envelope(CHILD, Joi.object({})) } };
export const PARENT_ANSWER = {
  status: { 200: envelope(shape({ id: int(), name: str(), icon_url: nullable(str()) }), Joi.object({})) },
};
export const PHOTO_ADDED_ANSWER = { status: { 201: envelope(shape({ id: str() }), Joi.object({})) } };
