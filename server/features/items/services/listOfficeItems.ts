// GET api/v1/staff/parks/{parkId}/items: the park's items for its editors, every sale label, newest first.
import type { Knex } from 'knex';
import type { OfficeItemRow } from '../../../../common/dto/catalogueOffice';
import { officeRow, soldOf } from '../officeItem';

export async function listOfficeItems(knex: Knex, parkId: number): Promise<OfficeItemRow[]> {
  const rows = await knex('items').where({ park_id: parkId }).orderBy('id', 'desc').limit(500);
  const sold = await soldOf(
    knex,
    rows.map((r: { id: number }) => r.id),
  );
  return rows.map((r: { id: number }) => officeRow(r, sold.get(r.id) ?? 0));
}
