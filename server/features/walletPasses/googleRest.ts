// Google Wallet's REST API, as the production adapter speaks it: an OAuth 2.0 access token for the service account
// (a JWT assertion signed RS256 with its key, exchanged at the token endpoint: grant type jwt-bearer, scope
// wallet_object.issuer), kept until a minute before it expires; then PATCH walletobjects/v1/{kind}/{objectId}. An
// object not found (never saved by its owner) is nothing to update; any other refusal throws, so the sweep tries
// again at its next run.
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleObjectKind, GoogleWalletAdapter } from './adapters';
import type { GoogleSigner } from './certificates';

export const GOOGLE_WALLET_API = 'https://walletobjects.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

export class GoogleWalletRest implements GoogleWalletAdapter {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly signer: GoogleSigner,
    private readonly endpoints = { api: GOOGLE_WALLET_API, token: GOOGLE_TOKEN_URL },
  ) {}

  private async accessToken(): Promise<string> {
    const now = Date.now();
    if (this.token && this.token.until > now) return this.token.value;
    const iat = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.signer.clientEmail)
      .setAudience(this.endpoints.token)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(await importPKCS8(this.signer.privateKey, 'RS256'));
    const res = await fetch(this.endpoints.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!res.ok) throw new Error(`Google token endpoint answered ${res.status}`);
    const answer = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: answer.access_token, until: now + (answer.expires_in - 60) * 1000 };
    return answer.access_token;
  }

  async patchObject(kind: GoogleObjectKind, objectId: string, object: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${this.endpoints.api}/walletobjects/v1/${kind}/${encodeURIComponent(objectId)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(object),
    });
    if (res.status === 404) return;
    if (res.status === 401) this.token = null;
    if (!res.ok) throw new Error(`Google Wallet answered ${res.status} to the PATCH of ${objectId}`);
  }
}
