// The back office's lottery settings (…/items/{itemId}/lottery-rounds): an editor sets up a round of a lottery item
// (the use dates it covers, entry period, draw, announcement, winners' purchase deadline), changes it or removes it
// while its entries have not opened. Times must follow one another, the round must be settled before its first use
// date, and two rounds of one item never cover the same date (an entry finds its round by date).
import type { Knex } from 'knex';
import { tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';

export interface RoundFields {
  useFrom: string;
  useTo: string;
  entryOpensAt: Date;
  entryClosesAt: Date;
  drawAt: Date;
  announceAt: Date;
  purchaseDeadline: Date;
}

export interface OfficeLotteryRound
  extends Omit<RoundFields, 'entryOpensAt' | 'entryClosesAt' | 'drawAt' | 'announceAt' | 'purchaseDeadline'> {
  id: number;
  entryOpensAt: string;
  entryClosesAt: string;
  drawAt: string;
  announceAt: string;
  purchaseDeadline: string;
  state: 'open' | 'closed' | 'drawn';
  entries: number;
}

type Actor = { parkId: number; itemId: number; actorUserId: number; now: Date };
const bad = (field: string) => new DomainError('invalidParam', { field });

export async function listLotteryRounds(knex: Knex | Knex.Transaction, itemId: number): Promise<OfficeLotteryRound[]> {
  const rows = await knex('lotteries as l')
    .where('l.item_id', itemId)
    .orderBy('l.use_from')
    .select(
      'l.*',
      knex.raw(
        "(SELECT COUNT(*)::int FROM lottery_entries e WHERE e.lottery_id = l.id AND e.state <> 'void') AS entries",
      ),
    );
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    useFrom: r.useFrom as string,
    useTo: r.useTo as string,
    entryOpensAt: new Date(r.entryOpensAt as string).toISOString(),
    entryClosesAt: new Date(r.entryClosesAt as string).toISOString(),
    drawAt: new Date(r.drawAt as string).toISOString(),
    announceAt: new Date(r.announceAt as string).toISOString(),
    purchaseDeadline: new Date(r.purchaseDeadline as string).toISOString(),
    state: r.state as OfficeLotteryRound['state'],
    entries: Number(r.entries),
  }));
}

async function lockLotteryItem(trx: Knex.Transaction, parkId: number, itemId: number) {
  const item = await trx('items').where({ id: itemId, park_id: parkId }).forUpdate().first('lottery');
  if (!item) throw notFound();
  if (!item.lottery) throw new DomainError('lotteryItemRequired');
}

async function checkRound(trx: Knex.Transaction, itemId: number, f: RoundFields, now: Date, roundId?: number) {
  if (f.useFrom > f.useTo) throw bad('use_to');
  const order: [keyof RoundFields, string][] = [
    ['entryClosesAt', 'entry_closes_at'],
    ['drawAt', 'draw_at'],
    ['announceAt', 'announce_at'],
    ['purchaseDeadline', 'purchase_deadline'],
  ];
  let previous = f.entryOpensAt;
  for (const [key, field] of order) {
    const at = f[key] as Date;
    if (key === 'entryClosesAt' ? at <= previous : at < previous) throw bad(field);
    previous = at;
  }
  if (f.entryClosesAt <= now) throw bad('entry_closes_at');
  // Winners buy before the first day they could use the ticket (Asia/Tokyo).
  if (tokyoDate(f.purchaseDeadline) >= f.useFrom) throw bad('purchase_deadline');
  const overlap = await trx('lotteries')
    .where({ item_id: itemId })
    .where('use_from', '<=', f.useTo)
    .where('use_to', '>=', f.useFrom)
    .modify((q) => {
      if (roundId) q.whereNot({ id: roundId });
    })
    .first('id');
  if (overlap) throw bad('use_from');
}

const columns = (f: RoundFields) => ({
  use_from: f.useFrom,
  use_to: f.useTo,
  entry_opens_at: f.entryOpensAt,
  entry_closes_at: f.entryClosesAt,
  draw_at: f.drawAt,
  announce_at: f.announceAt,
  purchase_deadline: f.purchaseDeadline,
});

export async function createLotteryRound(knex: Knex, input: Actor & { fields: RoundFields }) {
  return knex.transaction(async (trx) => {
    await lockLotteryItem(trx, input.parkId, input.itemId);
    await checkRound(trx, input.itemId, input.fields, input.now);
    const [row] = await trx('lotteries')
      .insert({ item_id: input.itemId, ...columns(input.fields) })
      .returning('id');
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: input.itemId,
      action: 'lotteryRoundCreated',
      after: { id: Number(row.id), ...input.fields },
    });
    return (await listLotteryRounds(trx, input.itemId)).find((r) => r.id === Number(row.id)) as OfficeLotteryRound;
  });
}

/** The round while its entries have not opened (after that, entrants rely on its times). */
async function lockUnopenedRound(trx: Knex.Transaction, input: Actor & { roundId: number }) {
  await lockLotteryItem(trx, input.parkId, input.itemId);
  const round = await trx('lotteries').where({ id: input.roundId, item_id: input.itemId }).forUpdate().first();
  if (!round) throw notFound();
  if (new Date(round.entryOpensAt) <= input.now) throw new DomainError('lotteryRoundStarted');
  return round;
}

export async function updateLotteryRound(knex: Knex, input: Actor & { roundId: number; fields: RoundFields }) {
  return knex.transaction(async (trx) => {
    const before = await lockUnopenedRound(trx, input);
    await checkRound(trx, input.itemId, input.fields, input.now, input.roundId);
    await trx('lotteries').where({ id: input.roundId }).update(columns(input.fields));
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: input.itemId,
      action: 'lotteryRoundUpdated',
      before,
      after: { id: input.roundId, ...input.fields },
    });
    return (await listLotteryRounds(trx, input.itemId)).find((r) => r.id === input.roundId) as OfficeLotteryRound;
  });
}

export async function deleteLotteryRound(knex: Knex, input: Actor & { roundId: number }) {
  await knex.transaction(async (trx) => {
    const before = await lockUnopenedRound(trx, input);
    await trx('lotteries').where({ id: input.roundId }).delete();
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: input.itemId,
      action: 'lotteryRoundDeleted',
      before,
    });
  });
}
