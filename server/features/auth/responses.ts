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
