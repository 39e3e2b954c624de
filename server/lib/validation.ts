import Joi from 'joi';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../../common/rules/email';
import { isValidPassword } from '../../common/rules/password';
import { text } from './routeKit';
import { orNull } from './typedInput';

/** E-mail: trimmed, lower-cased, the shared format rule, "Please enter a correctly formatted email address." */
export const email = () =>
  Joi.string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .custom((v: string, helpers) => (isValidEmail(v) ? normalizeEmail(v) : helpers.error('any.invalid')))
    .error(new Error('invalidEmail'));

/** Password: the shared rule of `common/rules/password.ts`, with the same message on both sides. */
export const password = () =>
  Joi.string()
    .custom((v: string, helpers) => (isValidPassword(v) ? v : helpers.error('any.invalid')))
    .error(new Error('passwordRule'));

export const personName = () => text(50).min(1);
/** A Japanese telephone number; '' or null clears it. */
export const telephone = () =>
  orNull(
    Joi.string()
      .trim()
      .pattern(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/)
      .allow(''),
  );
export { isoDate } from './routeKit';
