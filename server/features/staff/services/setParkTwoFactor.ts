// PUT api/v1/staff/parks/{parkId}/two-factor: the owner requires (or stops requiring) two-factor sign-in of every
// member of the park. The owner must use it first: requiring it without would lock the owner out too.
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { totpEnabled } from '../../auth';

export async function setParkTwoFactor(
  knex: Knex,
  parkId: number,
  actorUserId: number,
  required: boolean,
): Promise<{ requireTotp: boolean }> {
  return knex.transaction(async (trx) => {
    const park = (await trx('parks').where({ id: parkId }).forUpdate().first('require_totp')) as {
      requireTotp: boolean;
    };
    if (required && !(await totpEnabled(trx, actorUserId))) throw new DomainError('totpSetupFirst');
    if (park.requireTotp !== required) {
      await trx('parks').where({ id: parkId }).update({ require_totp: required });
      await recordStaffChange(trx, {
        parkId,
        actorUserId,
        entity: 'park',
        entityId: parkId,
        action: 'twoFactor.rule',
        before: { requireTotp: park.requireTotp },
        after: { requireTotp: required },
      });
    }
    return { requireTotp: required };
  });
}
