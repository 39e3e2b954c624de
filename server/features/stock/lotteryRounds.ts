// Which use dates a lottery item's rounds put on sale: the calendar (getAvailability.ts), the cart (a lottery line's
// date) and the order (its entry's round) ask it. It lives with stock, below the lottery feature, because it says
// what is on sale when; the rounds themselves (entries, the draw) are the lottery's.
import type { Knex } from 'knex';
import { DomainError } from '../../lib/errors';

type Db = Knex | Knex.Transaction;

/** What the sale side needs of a round (the lottery feature reads the whole row). */
export interface SaleRound {
  id: number;
  itemId: number;
  useFrom: string;
  useTo: string;
  entryOpensAt: Date;
  entryClosesAt: Date;
  drawAt: Date;
  state: 'open' | 'closed' | 'drawn';
}

const ROUND_COLUMNS = ['id', 'item_id', 'use_from', 'use_to', 'entry_opens_at', 'entry_closes_at', 'draw_at', 'state'];

/** The lottery round of an item that covers a use date (the one whose entries a cart line goes to). */
async function roundForDate(db: Db, itemId: number, date: string): Promise<SaleRound | undefined> {
  return (await db('lotteries')
    .where({ item_id: itemId })
    .where('use_from', '<=', date)
    .where('use_to', '>=', date)
    .orderBy('id', 'desc')
    .first(ROUND_COLUMNS)) as SaleRound | undefined;
}

/**
 * The lottery an entry for `date` would go to, open at `now`: else a 409, dateNotInLotteryRound when no round covers
 * the date, lotteryClosed when its round takes no entries now. The cart asks it on adding a lottery line, the
 * checkout before the card (lottery/services/checkEntry.ts) and again when the order is placed.
 */
export async function openLotteryFor(db: Db, itemId: number, date: string, now: Date): Promise<SaleRound> {
  const lottery = await roundForDate(db, itemId, date);
  if (!lottery) throw new DomainError('dateNotInLotteryRound');
  if (lottery.state !== 'open' || now < lottery.entryOpensAt || now >= lottery.entryClosesAt) {
    throw new DomainError('lotteryClosed');
  }
  return lottery;
}

/** The use-date ranges of the item's rounds taking entries at `now` (what its calendar offers). */
export async function roundsTakingEntries(
  db: Db,
  itemId: number,
  now: Date,
): Promise<{ useFrom: string; useTo: string }[]> {
  return (await db('lotteries')
    .where({ item_id: itemId, state: 'open' })
    .where('entry_opens_at', '<=', now)
    .where('entry_closes_at', '>', now)
    .select('use_from', 'use_to')) as { useFrom: string; useTo: string }[];
}
