// The production APNs adapter against a local HTTP/2 server over TLS that speaks Apple's protocol for Wallet
// passes: it accepts only a client certificate under the (test) pass certificate chain, takes POST
// /3/device/{token} with the pass type id as apns-topic and an empty JSON body, answers 200, 410 for a device
// that removed the pass, and 500 otherwise.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApnsHttp2 } from '../features/walletPasses/apnsHttp2';
import { walletPassConfig } from '../features/walletPasses/certificates';

const dir = mkdtempSync(join(tmpdir(), 'apns-'));
const wallet = walletPassConfig({}, dir);
let server: Http2SecureServer;
let origin = '';
let serverCert = '';
const seen: { path: string; topic: string; body: string; client: string }[] = [];

beforeAll(async () => {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'apns.key', '-out', 'apns.pem', '-days', '1'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]),
    { cwd: dir, stdio: 'ignore' },
  );
  serverCert = readFileSync(join(dir, 'apns.pem'), 'utf8');
  server = createSecureServer({
    key: readFileSync(join(dir, 'apns.key')),
    cert: serverCert,
    // Only the pass chain's certificates get in (Apple checks the pass type ID certificate the same way).
    ca: readFileSync(wallet.testRootPath as string),
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => {
      body += c;
    });
    stream.on('end', () => {
      const path = String(headers[':path']);
      const socket = stream.session?.socket as import('node:tls').TLSSocket;
      seen.push({
        path,
        topic: String(headers['apns-topic']),
        body,
        client: String(socket.getPeerCertificate().subject.CN),
      });
      const status = path.endsWith('/gone') ? 410 : path.endsWith('/broken') ? 500 : 200;
      stream.respond({ ':status': status });
      stream.end(status === 410 ? '{"reason":"Unregistered"}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('the APNs adapter for Wallet passes', () => {
  it('pushes over HTTP/2 with the pass certificate, the pass type as topic and an empty body', async () => {
    const apns = new ApnsHttp2(wallet.apple, origin, serverCert);
    expect(await apns.push('device-1', wallet.apple.passTypeIdentifier)).toBe('sent');
    expect(await apns.push('device-2', wallet.apple.passTypeIdentifier)).toBe('sent');
    expect(await apns.push('gone', wallet.apple.passTypeIdentifier)).toBe('unregistered');
    await expect(apns.push('broken', wallet.apple.passTypeIdentifier)).rejects.toThrow(/500/);
    apns.close();
    expect(seen.slice(0, 2)).toEqual([
      {
        path: '/3/device/device-1',
        topic: wallet.apple.passTypeIdentifier,
        body: '{}',
        client: `Pass Type ID: ${wallet.apple.passTypeIdentifier}`,
      },
      {
        path: '/3/device/device-2',
        topic: wallet.apple.passTypeIdentifier,
        body: '{}',
        client: `Pass Type ID: ${wallet.apple.passTypeIdentifier}`,
      },
    ]);
  });

  it('a client without the pass certificate is refused by the server', async () => {
    const stranger = mkdtempSync(join(tmpdir(), 'apns-other-'));
    try {
      const other = walletPassConfig({}, stranger);
      const apns = new ApnsHttp2(other.apple, origin, serverCert);
      await expect(apns.push('device-1', other.apple.passTypeIdentifier)).rejects.toThrow();
      apns.close();
    } finally {
      rmSync(stranger, { recursive: true, force: true });
    }
  });
});
