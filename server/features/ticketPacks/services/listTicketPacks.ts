import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { rankSql, whereSearch } from '../../../lib/search';
import { asKnexBuilder, saleStatusOrderSql, whereListed } from '../../items/queries';
import { TicketPack } from '../models';

export interface ListTicketPacksQuery {
  parkIds?: number[];
  categories?: number[];
  keyword?: string;
  page: number;
  perPage: number;
}

export type TicketPackListRow = TicketPack & {
  parkNameJa: string;
  parkNameEn: string | null;
  parkPrefectureId: number;
};

/** Listed ticket packs by park, category and keyword: ranked by the keyword, else sale status, park, id. */
export async function listTicketPacks(query: ListTicketPacksQuery, trx?: Knex.Transaction) {
  const q = TicketPack.query(trx).join('parks', 'parks.id', 'ticket_packs.park_id');
  whereListed(q, 'ticket_packs');
  if (query.parkIds?.length) q.whereIn('ticket_packs.park_id', query.parkIds);
  if (query.categories?.length) q.whereIn('ticket_packs.category', query.categories);
  const terms = whereSearch(asKnexBuilder(q), 'ticket_packs.search_text', query.keyword);
  const rank = terms.length ? rankSql('ticket_packs.search_text', terms) : null;
  const [rows, totalRow] = await Promise.all([
    q
      .clone()
      .select('ticket_packs.*', {
        parkNameJa: 'parks.name_ja',
        parkNameEn: 'parks.name_en',
        parkPrefectureId: 'parks.prefecture_id',
      })
      .modify((b) => {
        if (rank) b.orderByRaw(`${rank.sql} DESC`, rank.bindings);
      })
      .orderByRaw(saleStatusOrderSql('ticket_packs.sale_label'))
      .orderBy([{ column: 'parks.prefecture_id' }, { column: 'ticket_packs.park_id' }, { column: 'ticket_packs.id' }])
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage) as unknown as Promise<TicketPackListRow[]>,
    q.clone().clearSelect().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return { rows, total: toCount(totalRow?.total) };
}
