// Staff (owner or editor) set the park's group settings: size limits, exemption kinds, the bank account printed on
// invoices and the days a group has to pay after approval.
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { type GroupSettings, readGroupSettings } from '../settings';

export async function saveGroupSettings(
  knex: Knex,
  input: { parkId: number; actorUserId: number; settings: GroupSettings },
): Promise<GroupSettings> {
  const s = input.settings;
  if (s.minSize > s.maxSize) throw new DomainError('invalidParam', { field: 'minSize' });
  return knex.transaction(async (trx) => {
    const row = {
      park_id: input.parkId,
      min_size: s.minSize,
      max_size: s.maxSize,
      exemption_kinds: JSON.stringify([...new Set(s.exemptionKinds)]),
      bank_account: s.bankAccount,
      payment_days: s.paymentDays,
      updated_at: trx.fn.now(),
    };
    await trx('park_group_settings').insert(row).onConflict('park_id').merge();
    await audit(trx, {
      entity: 'park_group_settings',
      entityId: input.parkId,
      action: 'saved',
      actorUserId: input.actorUserId,
      data: s,
    });
    return readGroupSettings(trx, input.parkId);
  });
}
