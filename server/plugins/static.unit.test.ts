import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Hapi from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, staticPlugin } from './static';

describe('static files', () => {
  it('reads Accept-Encoding with q=0 as a refusal', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8').has('br')).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });

  it('serves the brotli or gzip copy the build made, by what the browser takes', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'zoo-dist-'));
    mkdirSync(join(dist, 'assets'));
    const js = 'console.log("zoo");'.repeat(100);
    writeFileSync(join(dist, 'assets', 'app-1.js'), js);
    writeFileSync(join(dist, 'assets', 'app-1.js.br'), 'BROTLI');
    writeFileSync(join(dist, 'assets', 'app-1.js.gz'), gzipSync(js));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    const server = Hapi.server();
    server.app = { config: { env: 'test' } } as never;
    await server.register({ plugin: staticPlugin, options: { distDir: dist } });

    const br = await server.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.toString()).toBe('BROTLI');

    const gz = await server.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(js))).toBe(true);

    const plain = await server.inject({ url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(js);
  });
});
