// Pure helpers of the account pages: where to go after sign-in, the social hand-off in session storage,
// the shared validation rules with the server's messages, and reading the server's error envelope.
import type { Locale } from '../../../../common/enums';
import { type MessageKey, message } from '../../../../common/messages';
import { isValidEmail } from '../../../../common/rules/email';
import { ICON_TYPES, MAX_IMAGE_BYTES, sniffImageType } from '../../../../common/rules/images';
import { isValidPassword } from '../../../../common/rules/password';
import { STORAGE_KEYS } from '../../lib/session';

export const SOCIAL_PROVIDERS = ['google', 'line', 'mirairo'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export type SocialIntent = 'login' | 'register' | 'link';

export const isSocialProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/** The resend button of the registration notice appears after 5 minutes (spec section 9). */
export const RESEND_AFTER_MS = 5 * 60 * 1000;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A path of this site: starts with a single '/', no scheme-relative '//' or '/\' tricks, no control characters,
 * and resolves to the same origin.
 */
export function isSameSitePath(value: unknown, origin: string = window.location.origin): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, origin).origin === origin;
  } catch {
    return false;
  }
}

/** Pages that make no sense to come back to after signing in. */
const NO_RETURN = /^\/(signin|register|forgot-password|reset-password|email\/verify|user-registration)(\/|\?|$)/;

/**
 * Where to go after a successful sign-in: the `?redirect=` query when it is a same-site path, else the return URL
 * remembered by the 401 flow, else My page. The remembered return URL and route are used once, then removed.
 */
export function signInTarget(redirect: string | null, storage: KeyStorage = sessionStorage, origin?: string): string {
  const remembered = storage.getItem(STORAGE_KEYS.returnUrl);
  storage.removeItem(STORAGE_KEYS.returnUrl);
  storage.removeItem(STORAGE_KEYS.returnRoute);
  for (const candidate of [redirect, remembered]) {
    if (isSameSitePath(candidate, origin) && !NO_RETURN.test(candidate)) return candidate;
  }
  return '/me';
}

/** Remember where to come back to across a social provider's redirect. */
export function rememberReturnUrl(redirect: string | null, storage: KeyStorage = sessionStorage, origin?: string) {
  if (isSameSitePath(redirect, origin) && !NO_RETURN.test(redirect)) storage.setItem(STORAGE_KEYS.returnUrl, redirect);
}

export interface SocialHandoff {
  provider: SocialProvider;
  id: string;
}

export function storeSocialHandoff(handoff: SocialHandoff, storage: KeyStorage = sessionStorage): void {
  storage.setItem(STORAGE_KEYS.socialUserId, JSON.stringify(handoff));
}

/** The social user id kept after a provider's callback, when it is for `provider` (any provider if omitted). */
export function readSocialHandoff(provider?: string, storage: KeyStorage = sessionStorage): SocialHandoff | null {
  const raw = storage.getItem(STORAGE_KEYS.socialUserId);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SocialHandoff>;
    if (!isSocialProvider(value.provider) || typeof value.id !== 'string' || !UUID.test(value.id)) return null;
    if (provider !== undefined && value.provider !== provider) return null;
    return { provider: value.provider, id: value.id };
  } catch {
    return null;
  }
}

export function clearSocialHandoff(storage: KeyStorage = sessionStorage): void {
  storage.removeItem(STORAGE_KEYS.socialUserId);
}

export function emailError(value: string, locale: Locale, label: string): string | undefined {
  if (!value.trim()) return message('required', locale, { field: label });
  return isValidEmail(value.trim()) ? undefined : message('invalidEmail', locale);
}

/** The shared password rule and the confirmation, with the server's own messages. */
export function passwordErrors(
  password: string,
  confirmation: string,
  locale: Locale,
): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (password && !isValidPassword(password)) errors.password = message('passwordRule', locale);
  if (confirmation && password !== confirmation) errors.confirmation = message('passwordMismatch', locale);
  return errors;
}

/** The server's telephone pattern: 0 then digits, optional hyphens (e.g. 03-1234-5678, 09012345678). */
const TELEPHONE = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;
export const isValidTelephone = (value: string) => value.trim() === '' || TELEPHONE.test(value.trim());

/** A real calendar date (YYYY-MM-DD) that is not in the future. */
export function isValidBirthdate(value: string, today: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  if (y < 1900) return false;
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return value <= todayIso;
}

/** Client-side icon check before upload: size first, then the declared type and the real one (magic bytes). */
export function iconFileProblem(
  file: { size: number; type: string },
  head: Uint8Array,
): Extract<MessageKey, 'photoTooLarge' | 'photoType'> | null {
  if (file.size > MAX_IMAGE_BYTES) return 'photoTooLarge';
  if (!(ICON_TYPES as readonly string[]).includes(file.type)) return 'photoType';
  const real = sniffImageType(head);
  if (!real || !(ICON_TYPES as readonly string[]).includes(real)) return 'photoType';
  return null;
}

/** First character of a name for an avatar without an icon. */
export { initialOf } from './Avatar';
