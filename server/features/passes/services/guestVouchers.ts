// Guest vouchers of annual passes in the cart (README 2.11), called by carts through cartHooks (server.ts): how many
// a pass may still give on an admission line. A voucher is the pass owner's: the pass must admit at the line's park,
// have a holder active on the line's date, and not have given its product's guest_vouchers this term (uses held by
// orders under way or used count; released ones do not). Reads only: placeOrder holds them under the pass's lock.
import type { Knex } from 'knex';
import { ItemCategory } from '../../../../common/enums';
import { DomainError } from '../../../lib/errors';
import type { MemberPricingLine, VoucherLine } from '../../carts';
import { currentTerm, holderState, type PassRow, termsOf } from './passFacts';

type Db = Knex | Knex.Transaction;

/** What a pass can give on a line: its current term's tickets (for counting) and the vouchers left; null: none. */
export async function voucherRoom(
  db: Db,
  userId: number,
  passId: number,
  line: MemberPricingLine,
): Promise<{ left: number; termTicketIds: string[] } | null> {
  if (line.category !== ItemCategory.AdmissionTicket) return null;
  const pass = (await db('passes').where({ id: passId, owner_user_id: userId }).first()) as PassRow | undefined;
  if (!pass) return null;
  const product = (await db('pass_products as pp')
    .join('pass_product_parks as x', 'x.item_id', 'pp.item_id')
    .where({ 'pp.item_id': pass.itemId, 'x.park_id': line.parkId })
    .first('pp.guest_vouchers')) as { guestVouchers: number } | undefined;
  if (!product || product.guestVouchers <= 0) return null;
  const holderIds = ((await db('pass_holders').where({ pass_id: passId }).select('id')) as { id: number }[]).map(
    (h) => h.id,
  );
  const terms = await termsOf(db, holderIds);
  const current = holderIds.flatMap((h) => {
    const term = currentTerm(terms.get(h) ?? [], line.date);
    return term && holderState(pass, term, line.date) === 'active' ? [term.id] : [];
  });
  if (current.length === 0) return null;
  const [row] = (await db('pass_voucher_uses')
    .where({ pass_id: passId })
    .whereIn('term_ticket_id', current)
    .whereIn('state', ['held', 'used'])
    .count({ n: '*' })) as { n: string | number }[];
  return { left: Math.max(0, product.guestVouchers - Number(row?.n ?? 0)), termTicketIds: current };
}

/**
 * Per line with a voucher choice, how many of its units the vouchers make free: the choice while the pass can
 * give vouchers there at all (0 otherwise). How many are left is checked when chosen and, under the pass's lock,
 * when placeOrder holds them (holdGuestVouchers): a checkout never quietly charges a chosen voucher.
 */
export async function guestVoucherPricing(
  db: Db,
  userId: number,
  lines: readonly VoucherLine[],
): Promise<Map<number, { passId: number; quantity: number }>> {
  const out = new Map<number, { passId: number; quantity: number }>();
  for (const l of lines) {
    const room = await voucherRoom(db, userId, l.passId, l);
    out.set(l.lineId, { passId: l.passId, quantity: room ? l.quantity : 0 });
  }
  return out;
}

/**
 * placeOrder: hold the order's vouchers (one pass_voucher_uses row each), under the pass row's lock (lock order:
 * user → cart → lines → passes → holds → stock), so two checkouts cannot both take the last one.
 */
export async function holdGuestVouchers(
  trx: Knex.Transaction,
  orderId: number,
  userId: number,
  uses: readonly VoucherLine[],
): Promise<void> {
  for (const u of [...uses].sort((a, b) => a.passId - b.passId)) {
    await trx('passes').where({ id: u.passId }).forUpdate().first('id');
    const room = await voucherRoom(trx, userId, u.passId, u);
    if (!room) throw new DomainError('passVoucherInvalid');
    if (room.left < u.quantity) throw new DomainError('passVouchersUsedUp', { left: room.left });
    await trx('pass_voucher_uses').insert(
      Array.from({ length: u.quantity }, () => ({
        pass_id: u.passId,
        term_ticket_id: room.termTicketIds[0],
        order_id: orderId,
        state: 'held',
      })),
    );
  }
}

/**
 * The vouchers follow their order (the order store calls this on every state change, in its transaction):
 * - paid: each held voucher is spent on one free admission of its line (state used, ticket_id), so a later
 *   cancellation knows which ticket it made free;
 * - partially cancelled: the vouchers of the cancelled tickets (cancel_waiting until the refund is done, then
 *   cancelled) come back, the others stay spent;
 * - failed, voided or cancelled: all come back.
 * This file is the only writer of pass_voucher_uses (ledgerWriters.unit.test.ts).
 */
export async function guestVouchersFollowOrder(trx: Knex.Transaction, orderId: number, state: string): Promise<void> {
  if (state === 'failed' || state === 'voided' || state === 'cancelled') {
    await trx('pass_voucher_uses')
      .where({ order_id: orderId })
      .whereIn('state', ['held', 'used'])
      .update({ state: 'released' });
    return;
  }
  if (state === 'partially_cancelled') {
    const gone = (await trx('tickets')
      .where({ order_id: orderId })
      .whereIn('state', ['cancel_waiting', 'cancelled'])
      .pluck('id')) as string[];
    if (gone.length > 0)
      await trx('pass_voucher_uses')
        .where({ order_id: orderId, state: 'used' })
        .whereIn('ticket_id', gone)
        .update({ state: 'released' });
    return;
  }
  if (state === 'paid') await spendHeldVouchers(trx, orderId);
}

/** Each held voucher of the order onto one free admission (price 0) of the line that used it, in ticket order. */
async function spendHeldVouchers(trx: Knex.Transaction, orderId: number): Promise<void> {
  const held = (await trx('pass_voucher_uses')
    .where({ order_id: orderId, state: 'held' })
    .orderBy('id')
    .select('id', 'pass_id')) as { id: number; passId: number }[];
  if (held.length === 0) return;
  const lines = (await trx('order_lines').where({ order_id: orderId }).orderBy('id').select('id', 'units')) as {
    id: number;
    units: string | { kind: string; ageGroupId: number | null; unitPrice: number; memberVoucherPassId?: number }[];
  }[];
  const free: { ticketId: string; passId: number }[] = [];
  for (const line of lines) {
    const units = typeof line.units === 'string' ? JSON.parse(line.units) : line.units;
    for (const unit of units as {
      kind: string;
      ageGroupId: number | null;
      quantity: number;
      memberVoucherPassId?: number;
    }[]) {
      if (unit.memberVoucherPassId === undefined) continue;
      const taken = new Set(free.map((f) => f.ticketId));
      const ids = (
        (await trx('tickets')
          .where({ order_line_id: line.id, unit_kind: unit.kind, price: 0 })
          .where((q) =>
            unit.ageGroupId === null ? q.whereNull('age_group_id') : q.where('age_group_id', unit.ageGroupId),
          )
          .orderBy('ticket_number')
          .pluck('id')) as string[]
      ).filter((id) => !taken.has(id));
      for (const ticketId of ids.slice(0, unit.quantity)) free.push({ ticketId, passId: unit.memberVoucherPassId });
    }
  }
  for (const use of held) {
    const i = free.findIndex((f) => f.passId === use.passId);
    if (i < 0) continue;
    const [target] = free.splice(i, 1);
    await trx('pass_voucher_uses').where({ id: use.id }).update({ state: 'used', ticket_id: target?.ticketId });
  }
}

/** Per admission line, the caller's passes whose guest vouchers could be used on it, and how many are left. */
export async function voucherOffers(
  db: Db,
  userId: number,
  lines: readonly MemberPricingLine[],
): Promise<Map<number, { passId: number; passNumber: string; left: number }[]>> {
  const out = new Map<number, { passId: number; passNumber: string; left: number }[]>();
  const admissions = lines.filter((l) => l.category === ItemCategory.AdmissionTicket);
  if (admissions.length === 0) return out;
  const passes = (await db('passes as p')
    .join('pass_products as pp', 'pp.item_id', 'p.item_id')
    .where('p.owner_user_id', userId)
    .where('pp.guest_vouchers', '>', 0)
    .orderBy('p.id')
    .select('p.id', 'p.pass_number')) as { id: number; passNumber: string }[];
  for (const line of admissions) {
    for (const p of passes) {
      const room = await voucherRoom(db, userId, p.id, line);
      if (room)
        out.set(line.lineId, [
          ...(out.get(line.lineId) ?? []),
          { passId: p.id, passNumber: p.passNumber, left: room.left },
        ]);
    }
  }
  return out;
}
