import { describe, expect, it } from 'vitest';
import { findRoute } from './routes';
import { isServerPath, SERVER_PATH_PATTERNS } from './serverPaths';

const matches = (path: string) => SERVER_PATH_PATTERNS.some((re) => re.test(path));

describe('server paths', () => {
  it('covers the API, media, the payment sandboxes, the mail viewer and the build metadata', () => {
    for (const path of [
      '/api/v1/parks',
      '/media/parks/1.svg',
      '/sandbox/gmo/challenge/abc',
      '/sandbox/paypay/pay/12',
      '/sandbox/merpay/checkout/3',
      '/dev/mail',
      '/dev/mail/x.eml',
      '/build.json',
    ]) {
      expect(isServerPath(path), path).toBe(true);
      expect(matches(path), path).toBe(true);
    }
  });

  it('leaves every app route to the app', () => {
    for (const path of [
      '/',
      '/profile/park/1',
      '/items/1',
      '/my-tickets',
      '/payment/gmo/callback',
      '/developers',
      '/apiary',
    ]) {
      expect(isServerPath(path), path).toBe(false);
      expect(matches(path), path).toBe(false);
    }
    expect(findRoute('/payment/gmo/callback')).not.toBeNull();
  });
});
