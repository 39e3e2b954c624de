// Answer schemas of the two-factor routes (common/dto/user.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { bool, envelope, int, nullable, shape, str } from '../../lib/responses';

export const TWO_FACTOR_STATUS_ANSWER = {
  status: {
    200: envelope(
      shape({
        enabled: bool(),
        enabledAt: nullable(str()),
        recoveryCodesLeft: int(),
        requiredByParks: Joi.array().items(int()),
      }),
      Joi.object({}),
    ),
  },
};
export const TWO_FACTOR_SETUP_ANSWER = {
  status: { 200: envelope(shape({ otpauthUri: str(), secret: str() }), Joi.object({})) },
};
export const TWO_FACTOR_ON_ANSWER = {
  status: { 200: envelope(shape({ recoveryCodes: Joi.array().items(str()) }), shape({ message: str() })) },
};
export const TWO_FACTOR_OFF_ANSWER = { status: { 200: envelope(Joi.valid(null), shape({ message: str() })) } };

// Sign-up, e-mail links, passwords, sign-out and the social hand-off (the token answers are described by kind).
const NO_META = Joi.object({});
const DONE = shape({ message: str() });
export const BOT_CHECK_ANSWER = {
  status: {
    200: envelope(
      shape({ kind: Joi.valid('local', 'turnstile'), site_key: nullable(str()), token: nullable(str()) }),
      NO_META,
    ),
  },
};
export const REGISTERED_ANSWER = { status: { 201: envelope(shape({ email: str() }), DONE) } };
export const EMAIL_EXISTS_ANSWER = { status: { 200: envelope(shape({ exists: bool() }), NO_META) } };
export const DONE_ANSWER = { status: { 200: envelope(Joi.valid(null), DONE) } };
export const EMAIL_VERIFIED_ANSWER = { status: { 200: envelope(shape({ email: str() }), DONE) } };
export const PASSWORD_VALID_ANSWER = { status: { 200: envelope(shape({ valid: Joi.valid(true) }), NO_META) } };
export const SOCIAL_URL_ANSWER = { status: { 200: envelope(shape({ url: str() }), NO_META) } };
export const SOCIAL_USER_ANSWER = {
  status: {
    200: envelope(
      shape({ provider: str(), email: nullable(str()), name: nullable(str()), registered: bool() }),
      NO_META,
    ),
  },
};
/** `meta.message` when the service was just linked. */
export const MIRAIRO_FLAG_ANSWER = {
  status: { 200: envelope(shape({ mirairo_flag: Joi.valid(0, 1) }), shape({ message: str().optional() })) },
};
