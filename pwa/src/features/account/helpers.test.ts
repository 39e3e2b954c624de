// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../../../../common/messages';
import { MAX_IMAGE_BYTES } from '../../../../common/rules/images';
import { apiCode, apiMessage, errorText } from '../../lib/apiErrors';
import { STORAGE_KEYS } from '../../lib/session';
import {
  emailError,
  iconFileProblem,
  initialOf,
  isSameSitePath,
  isValidBirthdate,
  isValidTelephone,
  passwordErrors,
  readSocialHandoff,
  rememberReturnUrl,
  signInTarget,
  storeSocialHandoff,
} from './helpers';

const ORIGIN = 'http://localhost:4173';
const ID = '6f1c2a4e-8b1d-4c7e-9a2b-3d4e5f6a7b8c';

beforeEach(() => {
  sessionStorage.clear();
});

describe('isSameSitePath', () => {
  it('accepts paths of this site', () => {
    expect(isSameSitePath('/me', ORIGIN)).toBe(true);
    expect(isSameSitePath('/items/3?link_id=abc#top', ORIGIN)).toBe(true);
  });

  it('refuses other sites and tricks', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'me',
      '',
      '/\nfoo',
      null,
      undefined,
      42,
    ]) {
      expect(isSameSitePath(bad, ORIGIN), String(bad)).toBe(false);
    }
  });
});

describe('signInTarget', () => {
  it('prefers a same-site ?redirect=', () => {
    sessionStorage.setItem(STORAGE_KEYS.returnUrl, '/me/settings');
    expect(signInTarget('/items/1?link_id=x', sessionStorage, ORIGIN)).toBe('/items/1?link_id=x');
    // the remembered return URL is used once and removed either way
    expect(sessionStorage.getItem(STORAGE_KEYS.returnUrl)).toBeNull();
  });

  it('ignores a foreign redirect and falls back to the remembered return URL, then removes it', () => {
    sessionStorage.setItem(STORAGE_KEYS.returnUrl, '/me/settings/account-infomation');
    sessionStorage.setItem(STORAGE_KEYS.returnRoute, JSON.stringify({ name: 'me-account-information', id: null }));
    expect(signInTarget('https://evil.example/', sessionStorage, ORIGIN)).toBe('/me/settings/account-infomation');
    expect(sessionStorage.getItem(STORAGE_KEYS.returnUrl)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.returnRoute)).toBeNull();
  });

  it('goes to My page otherwise', () => {
    expect(signInTarget(null, sessionStorage, ORIGIN)).toBe('/me');
    sessionStorage.setItem(STORAGE_KEYS.returnUrl, '//evil.example');
    expect(signInTarget('//evil.example', sessionStorage, ORIGIN)).toBe('/me');
  });

  it('never returns to the sign-in or registration pages', () => {
    expect(signInTarget('/signin?redirect=/me', sessionStorage, ORIGIN)).toBe('/me');
    expect(signInTarget('/register/email?email=a@b.jp', sessionStorage, ORIGIN)).toBe('/me');
    expect(signInTarget('/signing-up-is-not-signin', sessionStorage, ORIGIN)).toBe('/signing-up-is-not-signin');
  });

  it('rememberReturnUrl keeps only same-site paths for after a social sign-in', () => {
    rememberReturnUrl('https://evil.example/', sessionStorage, ORIGIN);
    expect(sessionStorage.getItem(STORAGE_KEYS.returnUrl)).toBeNull();
    rememberReturnUrl('/story/4', sessionStorage, ORIGIN);
    expect(sessionStorage.getItem(STORAGE_KEYS.returnUrl)).toBe('/story/4');
  });
});

describe('social hand-off in session storage', () => {
  it('round-trips { provider, id } as JSON under the socialUserId key', () => {
    storeSocialHandoff({ provider: 'line', id: ID });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.socialUserId) ?? '')).toEqual({ provider: 'line', id: ID });
    expect(readSocialHandoff('line')).toEqual({ provider: 'line', id: ID });
    expect(readSocialHandoff()).toEqual({ provider: 'line', id: ID });
  });

  it('is null for another provider or anything malformed', () => {
    storeSocialHandoff({ provider: 'google', id: ID });
    expect(readSocialHandoff('line')).toBeNull();
    sessionStorage.setItem(STORAGE_KEYS.socialUserId, '{not json');
    expect(readSocialHandoff('google')).toBeNull();
    sessionStorage.setItem(STORAGE_KEYS.socialUserId, JSON.stringify({ provider: 'twitter', id: ID }));
    expect(readSocialHandoff()).toBeNull();
    sessionStorage.setItem(STORAGE_KEYS.socialUserId, JSON.stringify({ provider: 'google', id: 'x' }));
    expect(readSocialHandoff('google')).toBeNull();
  });
});

describe('API error envelope', () => {
  const error = { status: 403, data: { data: null, meta: { status: 403, code: 'emailNotVerified', message: 'm' } } };
  it('reads meta.message and meta.code', () => {
    expect(apiMessage(error)).toBe('m');
    expect(apiCode(error)).toBe('emailNotVerified');
    expect(apiMessage({ status: 'FETCH_ERROR', error: 'x' })).toBeUndefined();
    expect(apiMessage(undefined)).toBeUndefined();
  });

  it('falls back to the generic server message', () => {
    expect(errorText({ status: 'FETCH_ERROR' }, 'en')).toBe(message('serverError', 'en'));
  });
});

describe('validation with the shared rules and messages', () => {
  it('e-mail: required, then the shared format message', () => {
    expect(emailError('', 'ja', 'メールアドレス')).toBe('メールアドレスを入力してください');
    expect(emailError('hanako@', 'en', 'E-mail')).toBe('Please enter a correctly formatted email address.');
    expect(emailError(' hanako@example.jp ', 'ja', 'x')).toBeUndefined();
  });

  it('password: the shared rule and the confirmation', () => {
    expect(passwordErrors('', '', 'ja')).toEqual({});
    expect(passwordErrors('zoo12345', '', 'en').password).toBe(message('passwordRule', 'en'));
    expect(passwordErrors('Zoo12345', 'Zoo1234', 'ja').confirmation).toBe(message('passwordMismatch', 'ja'));
    expect(passwordErrors('Zoo12345', 'Zoo12345', 'ja')).toEqual({});
  });

  it('telephone: empty or the server pattern', () => {
    expect(isValidTelephone('')).toBe(true);
    expect(isValidTelephone('090-1234-5678')).toBe(true);
    expect(isValidTelephone('0312345678')).toBe(true);
    expect(isValidTelephone('12345')).toBe(false);
    expect(isValidTelephone('090-abcd-5678')).toBe(false);
  });

  it('birthdate: a real past date', () => {
    const today = new Date(2025, 5, 15);
    expect(isValidBirthdate('2015-04-01', today)).toBe(true);
    expect(isValidBirthdate('2025-06-15', today)).toBe(true);
    expect(isValidBirthdate('2025-06-16', today)).toBe(false);
    expect(isValidBirthdate('2015-02-30', today)).toBe(false);
    expect(isValidBirthdate('15-04-01', today)).toBe(false);
    expect(isValidBirthdate('1899-12-31', today)).toBe(false);
  });

  it('icon: 10MB at most, JPEG or PNG by declared and real type', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38]);
    expect(iconFileProblem({ size: 1000, type: 'image/png' }, png)).toBeNull();
    expect(iconFileProblem({ size: MAX_IMAGE_BYTES, type: 'image/jpeg' }, jpeg)).toBeNull();
    expect(iconFileProblem({ size: MAX_IMAGE_BYTES + 1, type: 'image/jpeg' }, jpeg)).toBe('photoTooLarge');
    expect(iconFileProblem({ size: 1000, type: 'image/gif' }, gif)).toBe('photoType');
    expect(iconFileProblem({ size: 1000, type: 'image/png' }, gif)).toBe('photoType');
  });

  it('avatar initial', () => {
    expect(initialOf('はなこ')).toBe('は');
    expect(initialOf('  ')).toBe('?');
    expect(initialOf(null)).toBe('?');
  });
});
