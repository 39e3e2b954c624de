import type { Knex } from 'knex';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
import { orderByDefault, whereListed } from '../../items';
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

/** Listed ticket packs by park, category and keyword: ranked by the keyword (see fetchSearchPage in lib/search.ts), else sale status, park, id. */
export async function listTicketPacks(query: ListTicketPacksQuery, trx?: Knex.Transaction) {
  const q = TicketPack.query(trx).join('parks', 'parks.id', 'ticket_packs.park_id');
  whereListed(q, 'ticket_packs');
  if (query.parkIds?.length) q.whereIn('ticket_packs.park_id', query.parkIds);
  if (query.categories?.length) q.whereIn('ticket_packs.category', query.categories);
  const terms = whereSearch(q, 'ticket_packs.search_text', query.keyword);
  return fetchSearchPage<TicketPackListRow>({
    knex: trx ?? TicketPack.knex(),
    filtered: q,
    idColumn: 'ticket_packs.id',
    searchColumn: 'ticket_packs.search_text',
    orderByDefault: (b) => orderByDefault(b, 'ticket_packs', 'parks.prefecture_id'),
    rowsOf: (ids) =>
      TicketPack.query(trx)
        .from(ids.as('w'))
        .join('ticket_packs', 'ticket_packs.id', 'w.id')
        .join('parks', 'parks.id', 'ticket_packs.park_id')
        .select('ticket_packs.*', {
          parkNameJa: 'parks.name_ja',
          parkNameEn: 'parks.name_en',
          parkPrefectureId: 'parks.prefecture_id',
        }),
    terms,
    page: query.page,
    perPage: query.perPage,
  });
}
