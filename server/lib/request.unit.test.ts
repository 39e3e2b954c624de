import type { Request } from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { clientIp } from './request';

const request = (trustProxy: boolean, forwarded?: string) =>
  ({
    server: { app: { config: { trustProxy } } },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    info: { remoteAddress: '10.0.0.9' },
  }) as unknown as Request;

describe('clientIp', () => {
  it('ignores X-Forwarded-For unless the app is behind a trusted proxy', () => {
    expect(clientIp(request(false, '203.0.113.7'))).toBe('10.0.0.9');
    expect(clientIp(request(true, '203.0.113.7, 10.0.0.1'))).toBe('203.0.113.7');
    expect(clientIp(request(true))).toBe('10.0.0.9');
  });
});
