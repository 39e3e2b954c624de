// Staff approve a group request with the group's price and the exemptions applied: its places are held through the
// stock ledger (a hold of its own, no cart line) until the payment deadline (now + the park's payment days). Too
// few places left: 409 soldOut and nothing changes (the ledger's conditional UPDATE decides, so two approvals at
// once never oversell). The requester is told (inbox, mail).
import type { Knex } from 'knex';
import { transaction } from '../../../db/timeouts';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { ensureStockUnits, holdFree, loadItems } from '../../stock';
import { lockGroupRequest } from '../lock';
import { readGroupSettings } from '../settings';
import { tellRequester } from '../tell';

const DAY_MS = 86_400_000;

export async function approveGroupRequest(
  knex: Knex,
  input: { parkId: number; requestId: number; actorUserId: number; price: number; exemptions: string[]; now: Date },
): Promise<void> {
  await transaction(knex, 'checkout', async (trx) => {
    const r = await lockGroupRequest(trx, input.requestId, input.parkId, 'approved');
    const settings = await readGroupSettings(trx, input.parkId);
    const unknown = input.exemptions.filter((e) => !settings.exemptionKinds.includes(e));
    if (unknown.length > 0) throw new DomainError('groupExemptionUnknown');
    const item = (await loadItems(trx, [r.itemId])).get(r.itemId);
    if (!item) throw new DomainError('notFound');
    const [unit] = await ensureStockUnits(trx, [{ itemId: r.itemId, date: r.date, timeSlotId: r.timeSlotId }]);
    if (!unit) throw new Error('no stock unit');
    const dueAt = new Date(input.now.getTime() + settings.paymentDays * DAY_MS);
    const holdIds = await holdFree(trx, [{ stockUnitId: unit.id, quantity: r.partySize }], dueAt, input.actorUserId);
    if (!holdIds) throw new DomainError('soldOut');
    await trx('group_requests')
      .where('id', r.id)
      .update({
        state: 'approved',
        price: input.price,
        exemptions: JSON.stringify(input.exemptions),
        hold_ids: holdIds,
        stock_unit_id: unit.id,
        due_at: dueAt,
        payment_method: 'invoice',
        decided_by: input.actorUserId,
        decided_at: input.now,
        updated_at: input.now,
      });
    await audit(trx, {
      entity: 'group_request',
      entityId: r.id,
      action: 'approved',
      actorUserId: input.actorUserId,
      data: { price: input.price, exemptions: input.exemptions, holdIds, dueAt: dueAt.toISOString() },
    });
    await tellRequester(
      trx,
      { id: Number(r.id), userId: r.userId, itemId: r.itemId, organisation: r.organisation, date: r.date },
      'approved',
    );
  });
}
