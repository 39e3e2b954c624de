// POST api/v1/staff/parks/{parkId}/items/{id}/sale-label: moves an item's sale label along the lifecycle of
// common/rules/saleLabel.ts (refused with 409 and the reason otherwise), with the park's audit row.
import type { Knex } from 'knex';
import type { OfficeItem } from '../../../../common/dto/catalogueOffice';
import type { SaleLabel } from '../../../../common/enums';
import { saleLabelRefusal } from '../../../../common/rules/saleLabel';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { loadOfficeItem, soldOf } from '../officeItem';

export async function moveSaleLabel(
  knex: Knex,
  input: { parkId: number; itemId: number; to: SaleLabel; actorUserId: number },
): Promise<OfficeItem> {
  return knex.transaction(async (trx) => {
    const row = await trx('items').where({ id: input.itemId, park_id: input.parkId }).forUpdate().first('sale_label');
    if (!row) throw notFound();
    const sold = (await soldOf(trx, [input.itemId])).get(input.itemId) ?? 0;
    const refusal = saleLabelRefusal(row.saleLabel as SaleLabel, input.to, sold);
    if (refusal) throw new DomainError(refusal);
    await trx('items').where({ id: input.itemId }).update({ sale_label: input.to, updated_at: new Date() });
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: input.itemId,
      action: 'saleLabel',
      before: { saleLabel: row.saleLabel },
      after: { saleLabel: input.to },
    });
    return (await loadOfficeItem(trx, input.parkId, input.itemId)) as OfficeItem;
  });
}
