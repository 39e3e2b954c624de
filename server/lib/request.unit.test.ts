import type { Request } from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { clientIp } from './request';

const request = (trustProxy: boolean | string[], forwarded?: string | string[], peer = '10.0.0.9') =>
  ({
    server: { app: { config: { trustProxy } } },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    info: { remoteAddress: peer },
  }) as unknown as Request;

describe('clientIp', () => {
  it('ignores X-Forwarded-For unless the app is behind a trusted proxy', () => {
    expect(clientIp(request(false, '203.0.113.7'))).toBe('10.0.0.9');
    expect(clientIp(request(true, '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIp(request(true))).toBe('10.0.0.9');
    expect(clientIp(request(true, ' '))).toBe('10.0.0.9');
  });

  it('takes the entry the proxy appended, not one the client wrote before it (forged header)', () => {
    // The client sends "X-Forwarded-For: 6.6.6.6"; HAProxy appends the address it was connected from.
    expect(clientIp(request(true, '6.6.6.6, 203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIp(request(true, '6.6.6.6,1.1.1.1 , 203.0.113.7'))).toBe('203.0.113.7');
    // Two headers (the client's and the proxy's): the last one's last entry.
    expect(clientIp(request(true, ['6.6.6.6', '203.0.113.7']))).toBe('203.0.113.7');
  });

  it('with a list of proxies, walks from the right past them; the socket must be one of them', () => {
    const proxies = ['127.0.0.1', '10.0.0.0/8', '2001:db8::/32'];
    // CDN (10.1.2.3) -> HAProxy (127.0.0.1) -> app: the first untrusted from the right is the client.
    expect(clientIp(request(proxies, '6.6.6.6, 203.0.113.7, 10.1.2.3', '127.0.0.1'))).toBe('203.0.113.7');
    expect(clientIp(request(proxies, '6.6.6.6, 2001:db8::1:2', '::ffff:127.0.0.1'))).toBe('6.6.6.6');
    expect(clientIp(request(proxies, '203.0.113.7', '::1'))).toBe('::1');
    // Every entry a proxy of ours: the farthest one.
    expect(clientIp(request(proxies, '10.0.0.5, 10.0.0.6', '10.0.0.9'))).toBe('10.0.0.5');
    // A connection from elsewhere did not come through our proxies: its header is the client's own word.
    expect(clientIp(request(proxies, '10.0.0.5', '198.51.100.9'))).toBe('198.51.100.9');
  });

  it('reads TRUST_PROXY as false, true, or a list of addresses and CIDR ranges', () => {
    const trustOf = (TRUST_PROXY: string) => loadConfig({ NODE_ENV: 'test', DEMO: 'true', TRUST_PROXY }).trustProxy;
    expect(trustOf('false')).toBe(false);
    expect(trustOf('1')).toBe(true);
    expect(trustOf('127.0.0.1, 10.0.0.0/8,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(() => trustOf('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trustOf('haproxy')).toThrow(/TRUST_PROXY/);
  });
});
