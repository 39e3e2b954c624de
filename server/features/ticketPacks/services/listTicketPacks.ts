import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { whereSearch } from '../../../lib/search';
import { asKnexBuilder, pageOf, whereListed, whereShortTerms } from '../../items/queries';
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

/** Listed ticket packs by park, category and keyword: ranked by the keyword (see pageOf), else sale status, park, id. */
export async function listTicketPacks(query: ListTicketPacksQuery, trx?: Knex.Transaction) {
  const q = TicketPack.query(trx).join('parks', 'parks.id', 'ticket_packs.park_id');
  whereListed(q, 'ticket_packs');
  if (query.parkIds?.length) q.whereIn('ticket_packs.park_id', query.parkIds);
  if (query.categories?.length) q.whereIn('ticket_packs.category', query.categories);
  const terms = whereSearch(asKnexBuilder(q), 'ticket_packs.search_text', query.keyword);
  whereShortTerms(q, 'ticket_packs', terms);
  const page = pageOf({
    filtered: q,
    rowsOf: (ids) =>
      TicketPack.query(trx)
        .join('parks', 'parks.id', 'ticket_packs.park_id')
        .whereIn('ticket_packs.id', ids)
        .select('ticket_packs.*', {
          parkNameJa: 'parks.name_ja',
          parkNameEn: 'parks.name_en',
          parkPrefectureId: 'parks.prefecture_id',
        }),
    table: 'ticket_packs',
    terms,
    page: query.page,
    perPage: query.perPage,
  });
  const [rows, totalRow] = await Promise.all([
    page as unknown as Promise<TicketPackListRow[]>,
    q.clone().clearSelect().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return { rows, total: toCount(totalRow?.total) };
}
