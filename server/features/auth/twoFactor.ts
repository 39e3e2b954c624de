// Two-factor sign-in (TOTP, RFC 6238) for staff accounts: the pieces the services share. The secret is kept
// encrypted (AES-256-GCM, key derived from APP_SECRET: a copy of the database alone does not give the codes);
// recovery codes are kept as HMACs (high-entropy, so no slow hash is needed); a code is accepted once: its time
// step must be later than the last accepted one, moved forward by one conditional UPDATE (two requests racing
// with the same code cannot both win).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { DomainError } from '../../lib/errors';
import { matchTotp } from '../../lib/totp';

type Db = Knex | Knex.Transaction;

const key = (config: Config, purpose: string) => createHmac('sha256', config.appSecret).update(purpose).digest();

export function sealSecret(config: Config, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(config, 'totp-secret-key'), iv);
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

export function openSecret(config: Config, sealed: string): Buffer {
  const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key(config, 'totp-secret-key'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** Recovery codes: 10 of them, 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (config: Config, code: string) =>
  createHmac('sha256', key(config, 'totp-recovery-codes')).update(normaliseRecovery(code)).digest('hex');

export async function replaceRecoveryCodes(trx: Knex.Transaction, config: Config, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx('totp_recovery_codes').where({ user_id: userId }).delete();
  await trx('totp_recovery_codes').insert(
    codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(config, c) })),
  );
  return codes;
}

export async function totpEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db('user_totp').where({ user_id: userId }).whereNotNull('enabled_at').first('user_id');
  return Boolean(row);
}

export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Checks a 6-digit code (±1 step, each step once) or an unused recovery code (used up here) of an account with
 * TOTP on. Throws totpCodeWrong or totpCodeUsed (401) while signing in, totpSettingCodeWrong or totpSettingCodeUsed
 * (422) for a signed-in account changing its setting (a 401 there would end the PWA's session). Returns which one.
 */
export async function useSecondFactor(
  trx: Knex.Transaction,
  config: Config,
  userId: number,
  factor: SecondFactor,
  use: 'signIn' | 'setting' = 'signIn',
  now = new Date(),
): Promise<'totp' | 'recovery'> {
  const row = await trx('user_totp')
    .where({ user_id: userId })
    .whereNotNull('enabled_at')
    .first('secret_enc', 'last_step');
  if (!row) throw new DomainError('totpNotEnabled');
  if (factor.code) {
    const step = matchTotp(openSecret(config, row.secretEnc), factor.code, Math.floor(now.getTime() / 1000));
    if (step !== null) {
      const moved = await trx('user_totp')
        .where({ user_id: userId })
        .where((q) => q.whereNull('last_step').orWhere('last_step', '<', step))
        .update({ last_step: step, updated_at: now });
      if (moved === 1) return 'totp';
      throw new DomainError(use === 'signIn' ? 'totpCodeUsed' : 'totpSettingCodeUsed');
    }
  } else if (factor.recoveryCode) {
    const used = await trx('totp_recovery_codes')
      .where({ user_id: userId, code_hash: hashRecoveryCode(config, factor.recoveryCode) })
      .whereNull('used_at')
      .update({ used_at: now });
    if (used === 1) return 'recovery';
  }
  throw new DomainError(use === 'signIn' ? 'totpCodeWrong' : 'totpSettingCodeWrong');
}

/** Parks the user works for that require two-factor sign-in. */
export async function parksRequiringTotp(db: Db, userId: number): Promise<number[]> {
  const rows = (await db('park_staff')
    .join('parks', 'parks.id', 'park_staff.park_id')
    .where({ 'park_staff.user_id': userId, 'parks.require_totp': true })
    .distinct('parks.id')
    .orderBy('parks.id')) as { id: number }[];
  return rows.map((r) => r.id);
}

/** The parks the user is staff of (any role), for the audit trail of their security changes. */
export async function staffParkIds(db: Db, userId: number): Promise<number[]> {
  const rows = (await db('park_staff').where({ user_id: userId }).distinct('park_id')) as { parkId: number }[];
  return rows.map((r) => r.parkId);
}
