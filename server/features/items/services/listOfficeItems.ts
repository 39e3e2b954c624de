// GET api/v1/staff/parks/{parkId}/items: the park's items for its editors (the catalogue and the stock page), every
// sale label, newest first, with sales (sold of the capacity of the dates sold from) and use period.
import type { Knex } from 'knex';
import type { OfficeItemRow } from '../../../../common/dto/catalogueOffice';
import type { Locale } from '../../../../common/enums';
import { officeRow, salesOf, slotsOf } from '../officeItem';

export async function listOfficeItems(knex: Knex, parkId: number, locale: Locale): Promise<OfficeItemRow[]> {
  const rows = await knex('items').where({ park_id: parkId }).orderBy('id', 'desc').limit(500);
  const ids = rows.map((r: { id: number }) => r.id);
  const sales = await salesOf(knex, ids);
  const slots = await slotsOf(knex, ids);
  return rows.map((r: { id: number }) =>
    officeRow(r, sales.get(r.id) ?? { sold: 0, capacity: 0 }, slots.get(r.id) ?? 0, locale),
  );
}
