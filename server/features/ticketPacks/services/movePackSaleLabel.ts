// The back office's ticket packs: GET api/v1/staff/parks/{parkId}/ticket-packs lists the park's packs with their sale
// labels, and POST …/ticket-packs/{packId}/sale-label moves a label along the same lifecycle as items
// (common/rules/saleLabel.ts; never back before sale once a pack was sold), with the park's audit row.
import type { Knex } from 'knex';
import type { OfficePackRow } from '../../../../common/dto/catalogueOffice';
import type { Locale, SaleLabel } from '../../../../common/enums';
import { saleLabelMoves, saleLabelRefusal } from '../../../../common/rules/saleLabel';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';

type Db = Knex | Knex.Transaction;

/** Packs sold (paid orders with a line of the pack, cancelled or not). */
export async function soldPacks(db: Db, packIds: number[]): Promise<Map<number, number>> {
  if (packIds.length === 0) return new Map();
  const rows = (await db('order_lines as l')
    .join('orders as o', 'o.id', 'l.order_id')
    .whereIn('l.ticket_pack_id', packIds)
    .whereNotNull('o.paid_at')
    .groupBy('l.ticket_pack_id')
    .select('l.ticket_pack_id', db.raw('COUNT(*)::int AS n'))) as { ticketPackId: number; n: number }[];
  return new Map(rows.map((r) => [Number(r.ticketPackId), Number(r.n)]));
}

export async function listOfficePacks(db: Db, parkId: number, locale: Locale): Promise<OfficePackRow[]> {
  const rows = (await db('ticket_packs')
    .where({ park_id: parkId })
    .orderBy('id', 'desc')
    .select('id', 'name_ja', 'name_en', 'sale_label', 'link_id')) as {
    id: number;
    nameJa: string;
    nameEn: string | null;
    saleLabel: SaleLabel;
    linkId: string;
  }[];
  const sold = await soldPacks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: (locale === 'en' && r.nameEn) || r.nameJa,
    saleLabel: r.saleLabel,
    linkId: r.linkId,
    sold: sold.get(r.id) ?? 0,
    moves: [...saleLabelMoves(r.saleLabel)],
  }));
}

export async function movePackSaleLabel(
  knex: Knex,
  input: { parkId: number; packId: number; to: SaleLabel; actorUserId: number; locale: Locale },
): Promise<OfficePackRow> {
  return knex.transaction(async (trx) => {
    const row = await trx('ticket_packs')
      .where({ id: input.packId, park_id: input.parkId })
      .forUpdate()
      .first('sale_label');
    if (!row) throw notFound();
    const sold = (await soldPacks(trx, [input.packId])).get(input.packId) ?? 0;
    const refusal = saleLabelRefusal(row.saleLabel as SaleLabel, input.to, sold);
    if (refusal) throw new DomainError(refusal);
    await trx('ticket_packs').where({ id: input.packId }).update({ sale_label: input.to, updated_at: new Date() });
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: `pack:${input.packId}`,
      action: 'saleLabel',
      before: { saleLabel: row.saleLabel },
      after: { saleLabel: input.to },
    });
    return (await listOfficePacks(trx, input.parkId, input.locale)).find((p) => p.id === input.packId) as OfficePackRow;
  });
}
