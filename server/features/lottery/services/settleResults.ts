// After the draw, each entry's result is acted on once (settled_at): a win's authorisation is captured, then its
// held places are sold and its tickets issued (won_lottery); a capture refused by the provider voids the win and
// gives the places back for the waitlist; a loss's authorisation is voided and, with the opt-in, the party joins
// the waitlist of each of its choices in ranking order. Every result is told by push, inbox and e-mail.
import type { Knex } from 'knex';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';
import { CAPTURED_PAYMENT_STATES } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import { transaction } from '../../../db/timeouts';
import { DomainError } from '../../../lib/errors';
import { JOB_NAMES, jobQueueOf } from '../../jobs';
import { notify } from '../../notifications';
import { fulfilLotteryWin, voidAuthorisedOrder } from '../../orders';
import { capturePayment, findPayment, voidPayment } from '../../payments';
import { releaseHolds } from '../../stock';
import { type EntryRow, lockEntry } from '../store';

const MAX_CAPTURE_ATTEMPTS = 5;

interface Due extends EntryRow {
  itemId: number;
  paymentId: string | null;
  itemNameJa: string;
  itemNameEn: string | null;
}

export interface SettleSummary {
  won: number;
  lost: number;
  captureFailed: number;
  waiting: number;
}

async function tell(trx: Knex.Transaction, entry: Due): Promise<void> {
  await notify(trx, {
    userId: entry.userId,
    kind: 'lotteryResult',
    params: { item: { ja: entry.itemNameJa, en: entry.itemNameEn ?? entry.itemNameJa } },
    navigate: '/my-tickets/lottery',
    about: `lottery-entry:${entry.id}`,
  });
  await jobQueueOf(trx).send(trx, JOB_NAMES.lotteryMail, { entryId: Number(entry.id) });
}

async function unitOf(trx: Knex.Transaction, holdIds: number[]): Promise<number> {
  const hold = await trx('stock_holds').whereIn('id', holdIds).first('stock_unit_id');
  return Number(hold?.stockUnitId ?? 0);
}

async function captureFailed(knex: Knex, config: Config, entry: Due, now: Date): Promise<void> {
  await transaction(knex, 'lottery', async (trx) => {
    const locked = await lockEntry(trx, Number(entry.id));
    if (!locked || locked.settledAt || locked.state !== 'won') return;
    await releaseHolds(trx, locked.holdIds);
    await voidAuthorisedOrder(trx, Number(entry.orderId), now);
    await trx('lottery_entries')
      .where({ id: entry.id })
      .update({ state: 'capture_failed', settled_at: now, updated_at: now });
    await tell(trx, entry);
  });
  if (entry.paymentId) await voidPayment(knex, config, { paymentId: entry.paymentId }).catch(() => undefined);
}

async function settleWin(knex: Knex, config: Config, entry: Due, now: Date): Promise<'won' | 'failed' | 'later'> {
  if (entry.paymentId) {
    try {
      await capturePayment(knex, config, { paymentId: entry.paymentId });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // Captured after all (by a settler that ran at the same time, or the provider had it already): the win stands.
      const payment = await findPayment(knex, entry.paymentId);
      if (payment && CAPTURED_PAYMENT_STATES.includes(payment.state)) return fulfilWin(knex, entry, now);
      const attempts = entry.captureAttempts + 1;
      if (err.key === 'paymentUnavailable' && attempts < MAX_CAPTURE_ATTEMPTS) {
        await knex('lottery_entries').where({ id: entry.id }).update({ capture_attempts: attempts });
        return 'later';
      }
      await captureFailed(knex, config, entry, now);
      return 'failed';
    }
  }
  return fulfilWin(knex, entry, now);
}

/** The captured win: its places sold, its tickets issued, once (the entry's lock and settled_at say whether done). */
async function fulfilWin(knex: Knex, entry: Due, now: Date): Promise<'won'> {
  await transaction(knex, 'lottery', async (trx) => {
    const locked = await lockEntry(trx, Number(entry.id));
    if (!locked || locked.settledAt || locked.state !== 'won' || !locked.wonChoice) return;
    const choice = locked.wonChoice as DrawChoice;
    await fulfilLotteryWin(
      trx,
      Number(entry.orderId),
      {
        holdIds: locked.holdIds.map(Number),
        date: choice.date,
        slotId: choice.slotId,
        stockUnitId: await unitOf(trx, locked.holdIds.map(Number)),
        party: locked.party,
      },
      now,
    );
    await trx('lottery_entries').where({ id: entry.id }).update({ settled_at: now, updated_at: now });
    await tell(trx, entry);
  });
  return 'won';
}

async function settleLoss(knex: Knex, config: Config, entry: Due, now: Date): Promise<boolean> {
  if (entry.paymentId) {
    try {
      await voidPayment(knex, config, { paymentId: entry.paymentId });
    } catch (err) {
      // Not reachable now: the next sweep tries again. Anything else (already voided or expired) is settled.
      if (err instanceof DomainError && err.key === 'paymentUnavailable') return false;
      if (!(err instanceof DomainError)) throw err;
    }
  }
  await transaction(knex, 'lottery', async (trx) => {
    const locked = await lockEntry(trx, Number(entry.id));
    if (!locked || locked.settledAt || locked.state !== 'lost') return;
    await voidAuthorisedOrder(trx, Number(entry.orderId), now);
    if (locked.waitlist) await joinFromLottery(trx, locked, entry, now);
    await trx('lottery_entries').where({ id: entry.id }).update({ settled_at: now, updated_at: now });
    await tell(trx, entry);
  });
  return true;
}

/** A loser with the opt-in waits for each of its choices (settled in ranking order, so it queues in that order). */
async function joinFromLottery(trx: Knex.Transaction, entry: EntryRow, due: Due, now: Date): Promise<void> {
  const line = await trx('order_lines').where({ order_id: entry.orderId }).first('units', 'subtotal');
  const order = await trx('orders').where({ id: entry.orderId }).first('total');
  const payment = due.paymentId ? await trx('payments').where({ id: due.paymentId }).first('user_card_id') : null;
  for (const c of entry.choices) {
    await trx.raw(
      `INSERT INTO waitlist_entries (item_id, use_date, time_slot_id, user_id, party, units, amount, user_card_id,
         lottery_entry_id, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, 'waiting', ?, ?) ON CONFLICT DO NOTHING`,
      [
        due.itemId,
        c.date,
        c.slotId,
        entry.userId,
        entry.party,
        JSON.stringify(line?.units ?? []),
        Number(order?.total ?? line?.subtotal ?? 0),
        payment?.userCardId ?? null,
        entry.id,
        now,
        now,
      ],
    );
  }
}

/** One pass over drawn entries not yet acted on, best rank first. */
export async function settleResults(knex: Knex, config: Config, now: Date, batch = 200): Promise<SettleSummary> {
  const summary: SettleSummary = { won: 0, lost: 0, captureFailed: 0, waiting: 0 };
  const due = (await knex('lottery_entries as e')
    .join('lotteries as l', 'l.id', 'e.lottery_id')
    .join('items as i', 'i.id', 'l.item_id')
    .join('orders as o', 'o.id', 'e.order_id')
    .where('l.state', 'drawn')
    .whereIn('e.state', ['won', 'lost'])
    .whereNull('e.settled_at')
    .orderBy([{ column: 'e.lottery_id' }, { column: 'e.rank_position' }])
    .limit(batch)
    .select('e.*', 'l.item_id', 'o.payment_id', 'i.name_ja as item_name_ja', 'i.name_en as item_name_en')) as Due[];
  for (const row of due) {
    const entry = { ...row, holdIds: (row.holdIds ?? []).map(Number) };
    if (entry.state === 'won') {
      const r = await settleWin(knex, config, entry, now);
      if (r === 'won') summary.won++;
      else if (r === 'failed') summary.captureFailed++;
      else summary.waiting++;
    } else if (await settleLoss(knex, config, entry, now)) summary.lost++;
    else summary.waiting++;
  }
  return summary;
}
