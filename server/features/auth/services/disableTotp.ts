// POST api/v1/me/two-factor/disable: turning two-factor sign-in off needs a current code or a recovery code, and is
// refused while a park the account works for requires it (the account would lose that park at once).
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { parksRequiringTotp, type SecondFactor, staffParkIds, useSecondFactor } from '../twoFactor';

export async function disableTotp(knex: Knex, config: Config, userId: number, factor: SecondFactor): Promise<void> {
  // The code is checked (and used up) in its own transaction: a refusal below must not give it back.
  await knex.transaction((trx) => useSecondFactor(trx, config, userId, factor, 'setting'));
  await knex.transaction(async (trx) => {
    if ((await parksRequiringTotp(trx, userId)).length) throw new DomainError('totpRequiredCannotDisable');
    await trx('totp_recovery_codes').where({ user_id: userId }).delete();
    await trx('user_totp').where({ user_id: userId }).delete();
    await audit(trx, { entity: 'user', entityId: userId, action: 'totp.disable', actorUserId: userId });
    for (const parkId of await staffParkIds(trx, userId)) {
      await recordStaffChange(trx, {
        parkId,
        actorUserId: userId,
        entity: 'member',
        entityId: userId,
        action: 'totp.disable',
        before: { twoFactor: true },
        after: { twoFactor: false },
      });
    }
  });
}
