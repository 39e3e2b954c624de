// The production Google Wallet adapter against a local server that speaks Google's protocol: the token endpoint
// checks the service account's signed assertion (RS256, audience, scope, grant type) and answers a bearer token;
// the objects endpoint takes the PATCH with it. The token is asked for once and reused; an object never saved (404)
// is nothing to update; a refusal throws (the sweep tries again).
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleWalletRest } from '../features/walletPasses/googleRest';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signer = {
  issuerId: '3388000000000000000',
  clientEmail: 'wallet@zoopass-test.iam.gserviceaccount.com',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
let server: Server;
let base = '';
const tokens: string[] = [];
const patches: { path: string; auth: string; body: Record<string, unknown> }[] = [];

const read = (req: import('node:http').IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(body);
      const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', key, { audience: `${base}/token` });
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant');
        if (payload.iss !== signer.clientEmail) throw new Error('iss');
        if (payload.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer') throw new Error('scope');
      } catch {
        res.writeHead(400).end('{"error":"invalid_grant"}');
        return;
      }
      const token = `ya29.${tokens.length + 1}`;
      tokens.push(token);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
      return;
    }
    if (req.method === 'PATCH' && req.url?.startsWith('/walletobjects/v1/')) {
      if (!tokens.includes((req.headers.authorization ?? '').replace('Bearer ', ''))) {
        res.writeHead(401).end();
        return;
      }
      if (req.url.includes('never-saved')) {
        res.writeHead(404).end();
        return;
      }
      if (req.url.includes('broken')) {
        res.writeHead(500).end();
        return;
      }
      patches.push({ path: req.url, auth: req.headers.authorization ?? '', body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Google Wallet REST adapter', () => {
  it('gets a token with a signed assertion, PATCHes objects with it, reuses it; a missing object is skipped', async () => {
    const google = new GoogleWalletRest(signer, { api: base, token: `${base}/token` });
    const id = `${signer.issuerId}.abc_1`;
    await google.patchObject('eventTicketObject', id, { state: 'INACTIVE' });
    await google.patchObject('genericObject', `${signer.issuerId}.card_2`, { state: 'ACTIVE' });
    await google.patchObject('genericObject', `${signer.issuerId}.never-saved`, { state: 'ACTIVE' });
    expect(tokens).toEqual(['ya29.1']);
    expect(patches.map((p) => p.path)).toEqual([
      `/walletobjects/v1/eventTicketObject/${id}`,
      `/walletobjects/v1/genericObject/${signer.issuerId}.card_2`,
    ]);
    expect(patches[0]).toMatchObject({ auth: 'Bearer ya29.1', body: { state: 'INACTIVE' } });
    await expect(google.patchObject('genericObject', `${signer.issuerId}.broken`, {})).rejects.toThrow(/500/);
  });

  it('a key the token endpoint does not know is refused: the PATCH throws', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const google = new GoogleWalletRest(
      { ...signer, privateKey: other.export({ type: 'pkcs8', format: 'pem' }).toString() },
      { api: base, token: `${base}/token` },
    );
    await expect(google.patchObject('genericObject', `${signer.issuerId}.x`, {})).rejects.toThrow(/token/);
  });
});
