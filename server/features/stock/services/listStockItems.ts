// GET api/v1/staff/parks/{parkId}/items: every item of the park (whatever its sale label), for the stock page's
// choice: id, name in the request's language, category, sale label and how many time slots it has.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { localize } from '../../../lib/localize';

export interface StockItem {
  id: number;
  name: string;
  category: number;
  saleLabel: number;
  timeSlots: number;
}

export async function listStockItems(knex: Knex, parkId: number, locale: Locale): Promise<StockItem[]> {
  const rows = (await knex('items as i')
    .where('i.park_id', parkId)
    .orderBy('i.id')
    .select(
      'i.id',
      'i.name_ja',
      'i.name_en',
      'i.category',
      'i.sale_label',
      knex('item_time_slots as s').whereRaw('s.item_id = i.id').count('*').as('time_slots'),
    )) as {
    id: number;
    nameJa: string;
    nameEn: string | null;
    category: number;
    saleLabel: number;
    timeSlots: unknown;
  }[];
  return rows.map((r) => ({
    id: r.id,
    name: localize(r, 'name', locale),
    category: r.category,
    saleLabel: r.saleLabel,
    timeSlots: Number(r.timeSlots),
  }));
}
