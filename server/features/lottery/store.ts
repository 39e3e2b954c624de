// Reads shared by the lottery's use cases. Writes to lotteries and lottery_entries happen only in this feature's
// services (the order path calls entryAuthorised / entryVoided when an entry's payment settles).
import type { Knex } from 'knex';
import type { DrawChoice } from '../../../common/rules/lotteryDraw';

type Db = Knex | Knex.Transaction;

export interface LotteryRow {
  id: number;
  itemId: number;
  useFrom: string;
  useTo: string;
  entryOpensAt: Date;
  entryClosesAt: Date;
  drawAt: Date;
  announceAt: Date;
  purchaseDeadline: Date;
  state: 'open' | 'closed' | 'drawn';
  seed: string | null;
  seedHash: string | null;
  entriesHash: string | null;
  entriesList: string | null;
  closedAt: Date | null;
  drawnAt: Date | null;
}

export type EntryState = 'pending' | 'entered' | 'withdrawn' | 'void' | 'won' | 'lost' | 'capture_failed';

export interface EntryRow {
  id: number | string;
  lotteryId: number;
  userId: number;
  orderId: number | string;
  party: number;
  choices: DrawChoice[];
  waitlist: boolean;
  state: EntryState;
  rank: string | null;
  rankPosition: number | null;
  wonChoice: DrawChoice | null;
  holdIds: (number | string)[];
  captureAttempts: number;
  settledAt: Date | null;
  createdAt: Date;
}

const LOTTERY_COLUMNS = [
  'id',
  'item_id',
  'use_from',
  'use_to',
  'entry_opens_at',
  'entry_closes_at',
  'draw_at',
  'announce_at',
  'purchase_deadline',
  'state',
  'seed',
  'seed_hash',
  'entries_hash',
  'entries_list',
  'closed_at',
  'drawn_at',
];

export async function findLottery(db: Db, id: number): Promise<LotteryRow | undefined> {
  return (await db('lotteries').where({ id }).first(LOTTERY_COLUMNS)) as LotteryRow | undefined;
}

export async function lockLottery(trx: Knex.Transaction, id: number): Promise<LotteryRow | undefined> {
  return (await trx('lotteries').where({ id }).forUpdate().first(LOTTERY_COLUMNS)) as LotteryRow | undefined;
}

export const entryOf = (row: EntryRow): EntryRow => ({
  ...row,
  id: Number(row.id),
  orderId: Number(row.orderId),
  holdIds: (row.holdIds ?? []).map(Number),
});

export async function lockEntry(trx: Knex.Transaction, id: number): Promise<EntryRow | undefined> {
  const row = (await trx('lottery_entries').where({ id }).forUpdate().first()) as EntryRow | undefined;
  return row && entryOf(row);
}
