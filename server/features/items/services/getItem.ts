import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { Item } from '../models';
import { isListedRow } from '../queries';

/** Everything an item page shows (the presenter sorts the children). */
export const ITEM_DETAIL_GRAPH =
  '[park.closedWeekdays, plans.prices, timeSlots, excludedDays, cancellationPolicies, tags]';

/** One item with everything its page shows; an unlisted one (private, or not published) only with its link id. */
export async function getItem(id: number, linkId: string | undefined, db?: Knex): Promise<Item> {
  const item = await Item.query(db).findById(id).withGraphFetched(ITEM_DETAIL_GRAPH);
  if (!item?.park) throw notFound();
  if (!isListedRow(item, item.park.isPrivate) && item.linkId !== linkId) throw notFound();
  return item;
}

/** An item by its link id: how unlisted items are shared. */
export async function getItemByLink(linkId: string, trx?: Knex.Transaction): Promise<Item> {
  const item = await Item.query(trx).findOne({ linkId }).withGraphFetched(ITEM_DETAIL_GRAPH);
  if (!item?.park) throw notFound();
  return item;
}
