// POST api/v1/me/two-factor/confirm: the first code from the app turns two-factor sign-in on. The account's other
// sessions end (they were opened with the password alone), recovery codes are made and shown this once, and the
// change is written to the audit trail of every park the account works for.
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { matchTotp } from '../../../lib/totp';
import { openSecret, replaceRecoveryCodes, staffParkIds } from '../twoFactor';

export async function confirmTotp(
  knex: Knex,
  config: Config,
  userId: number,
  sessionId: string,
  code: string,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  return knex.transaction(async (trx) => {
    const row = await trx('user_totp').where({ user_id: userId }).forUpdate().first();
    if (row?.enabledAt) throw new DomainError('totpAlreadyEnabled');
    if (!row?.pendingSecretEnc) throw new DomainError('totpNoSetup');
    const step = matchTotp(openSecret(config, row.pendingSecretEnc), code, Math.floor(now.getTime() / 1000));
    // 422, not 401: the account is signed in (a 401 would end its session in the PWA).
    if (step === null) throw new DomainError('totpSettingCodeWrong');
    await trx('user_totp').where({ user_id: userId }).update({
      secret_enc: row.pendingSecretEnc,
      pending_secret_enc: null,
      enabled_at: now,
      last_step: step,
      updated_at: now,
    });
    const recoveryCodes = await replaceRecoveryCodes(trx, config, userId);
    await trx('sessions')
      .where({ user_id: userId })
      .whereNot({ id: sessionId })
      .whereNull('revoked_at')
      .update({ revoked_at: now });
    await audit(trx, { entity: 'user', entityId: userId, action: 'totp.enable', actorUserId: userId });
    for (const parkId of await staffParkIds(trx, userId)) {
      await recordStaffChange(trx, {
        parkId,
        actorUserId: userId,
        entity: 'member',
        entityId: userId,
        action: 'totp.enable',
        before: { twoFactor: false },
        after: { twoFactor: true },
      });
    }
    return { recoveryCodes };
  });
}
