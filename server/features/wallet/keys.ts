// Ticket signing keys per park (table ticket_signing_keys). The private key is PKCS8 DER, encrypted at rest with
// AES-256-GCM under a key derived (HKDF-SHA256) from APP_SECRET; the public key is the raw 32 bytes, served to
// staff devices. Signing uses node:crypto (same Ed25519 bytes as @noble/curves, which verifies everywhere).
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import type { Knex } from 'knex';
import type { TicketKey } from '../../../common/dto/wallet';

type Db = Knex | Knex.Transaction;

export interface KeyRow {
  id: number;
  parkId: number;
  kid: string;
  publicKey: string;
  privateKeyEnc: string;
  createdAt: Date;
  /** When the key starts signing; before that it is only announced to staff devices. */
  signsFrom: Date;
  retiredAt: Date | null;
}

const wrapKeys = new Map<string, Buffer>();
function wrapKey(appSecret: string): Buffer {
  let key = wrapKeys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'zoopass', 'ticket-signing-keys v1', 32));
    wrapKeys.set(appSecret, key);
  }
  return key;
}

export function encryptPrivateKey(der: Buffer, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrapKey(appSecret), iv);
  const data = Buffer.concat([cipher.update(der), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptPrivateKey(text: string, appSecret: string): Buffer {
  const [v, iv, tag, data] = text.split('.');
  if (v !== 'v1' || !iv || !tag || !data) throw new Error('unknown private key format');
  const decipher = createDecipheriv('aes-256-gcm', wrapKey(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
}

/**
 * A new key for the park. It signs from `signsFrom` (default: at once, as a park's first key does); until then it
 * is listed for staff devices so they hold it before the first ticket signed with it reaches a gate.
 */
export async function createParkKey(
  db: Db,
  parkId: number,
  appSecret: string,
  now = new Date(),
  signsFrom: Date = now,
): Promise<KeyRow> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' }) as Buffer;
  const raw = publicKey.export({ format: 'jwk' }).x as string;
  const kid = `${parkId}-${randomBytes(6).toString('hex')}`;
  const [row] = await db('ticket_signing_keys')
    .insert({
      park_id: parkId,
      kid,
      public_key: raw,
      private_key_enc: encryptPrivateKey(der, appSecret),
      created_at: now,
      signs_from: signsFrom,
    })
    .returning('*');
  return row as KeyRow;
}

/**
 * The park's signing key: of the keys not retired, the latest whose time to sign has come; when every such key is
 * still to come (the current one retired early), the first of them. Made on first use.
 */
export async function signingKey(db: Db, parkId: number, appSecret: string, now = new Date()): Promise<KeyRow> {
  const live = () => db('ticket_signing_keys').where({ park_id: parkId }).whereNull('retired_at');
  const row = ((await live()
    .where('signs_from', '<=', now)
    .orderBy('signs_from', 'desc')
    .orderBy('id', 'desc')
    .first()) ?? (await live().orderBy('signs_from').orderBy('id').first())) as KeyRow | undefined;
  return row ?? createParkKey(db, parkId, appSecret, now);
}

const keyObjects = new Map<string, KeyObject>();
function privateKeyObject(row: KeyRow, appSecret: string): KeyObject {
  let key = keyObjects.get(row.kid);
  if (!key) {
    key = createPrivateKey({ key: decryptPrivateKey(row.privateKeyEnc, appSecret), format: 'der', type: 'pkcs8' });
    if (keyObjects.size > 10_000) keyObjects.clear();
    keyObjects.set(row.kid, key);
  }
  return key;
}

export function signBytes(row: KeyRow, appSecret: string, bytes: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, bytes, privateKeyObject(row, appSecret)));
}

/**
 * Public keys of a park that staff devices should hold: every key not retired (the next one too, before it signs)
 * and those retired in the last 7 days.
 */
export async function listParkKeys(db: Db, parkId: number, now = new Date()): Promise<TicketKey[]> {
  const rows = (await db('ticket_signing_keys')
    .where({ park_id: parkId })
    .where((q) => q.whereNull('retired_at').orWhere('retired_at', '>', new Date(now.getTime() - 7 * 86_400_000)))
    .orderBy('created_at')
    .orderBy('id')) as KeyRow[];
  return rows.map((r) => ({
    kid: r.kid,
    parkId: r.parkId,
    alg: 'Ed25519',
    publicKey: r.publicKey,
    createdAt: new Date(r.createdAt).toISOString(),
    signsFrom: new Date(r.signsFrom).toISOString(),
    retiredAt: r.retiredAt ? new Date(r.retiredAt).toISOString() : null,
  }));
}
