// Places an order from one park's cart (or, for a quick buy, the given lines of it) and starts its payment.
// One transaction decides everything (the user row is the lock of their coins, coupons and checkouts, then the
// cart and its lines): totals, coupon and coin use, the order and its lines; the lines freeze (cartPath.ts) until
// the payment's outcome, so what is paid for is exactly what is sold. The payment starts after the commit.
// A checkout submitted twice with the same idempotency key (the PWA sends one per checkout) answers the same order
// and payment; without a key, the frozen lines refuse a second order with 409 cartLineInPayment.
import type { Knex } from 'knex';
import {
  enumValues,
  KonbiniStore,
  OrderKind,
  type OrderType,
  PaymentMethod,
  PaymentMode,
} from '../../../../common/enums';
import type { AdvanceField } from '../../../../common/rules/advanceInfo';
import { advanceInfoProblems } from '../../../../common/rules/advanceInfo';
import {
  checkoutTotal,
  couponDiscount,
  isRefusal,
  type PricedTicket,
  type Refusal,
} from '../../../../common/rules/checkout';
import { konbiniDeadline } from '../../../../common/rules/konbini';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';
import { chargesAtDraw } from '../../../../common/rules/lotteryPayment';
import { renewalWindow } from '../../../../common/rules/passValidity';
import { tokyoDate } from '../../../../common/time';
import type { Config } from '../../../config';
import { transaction } from '../../../db/timeouts';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { assertPassPoolHolders, type CheckoutLine, cartForCheckout, freezeLines } from '../../carts';
import { findPayment, type PaymentOutcomeHandler, type StartPaymentResult, startPayment } from '../../payments';
import { auditHolds, openLotteryFor } from '../../stock';
import { coinBalance, ensureUserCoupons, ensureWelcomeCoins, spendCoins } from '../coins';
import { orderHooks } from '../orderHooks';
import { assertPaymentProfile } from '../paymentProfile';
import { failUnstartedOrder } from './failStalledOrders';
import { heldCoupons } from './listCoupons';

/** Minutes the holds of an order stay taken while its payment is under way. */
export const PAYMENT_WINDOW_MINUTES = 15;

export interface PlaceOrderInput {
  userId: number;
  parkId: number;
  /** Quick buy: only these lines of the cart. */
  lineIds?: number[];
  orderType: OrderType;
  method: PaymentMethod;
  coins: number;
  userCouponIds: number[];
  card?: { token: string; holderName?: string | null } | { userCardId: number };
  saveCard?: boolean;
  /** Konbini (method 5): the store the buyer will pay at (GMO Convenience code). */
  konbini?: { convenience: string };
  locale: 'ja' | 'en';
  /** A lottery entry: the second and third choices (the line is the first) and the waitlist opt-in. */
  lottery?: { more: DrawChoice[]; waitlist: boolean };
  /** One per checkout attempt, from the PWA: a repeat answers the same order. */
  idempotencyKey?: string;
  now?: Date;
}

/** GMO's upper limit of one convenience-store payment (yen). */
export const KONBINI_AMOUNT_LIMIT = 299_999;

export interface PlacedOrder {
  orderId: number;
  applicationNumber: string;
  payment: StartPaymentResult;
}

/** Tickets a line issues, at their prices (what coupons apply to); add-on plans are not tickets. */
export function ticketsOf(line: CheckoutLine): PricedTicket[] {
  return line.components
    .filter((c) => c.kind !== 'additional')
    .flatMap((c) => Array.from({ length: c.quantity }, () => ({ itemId: line.itemId, price: c.unitPrice })));
}

const refuse = (r: Refusal) => new DomainError(r.error, r.params);

export async function placeOrder(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  const key = input.idempotencyKey;
  const seen = key ? await orderByKey(knex, input.userId, key) : undefined;
  if (seen) return repeatAnswer(knex, seen, now);
  await ensureWelcomeCoins(knex, input.userId);
  await ensureUserCoupons(knex, input.userId);
  const placed = await transaction(knex, 'checkout', async (trx) => {
    const user = (await trx('users').where({ id: input.userId }).forUpdate().first()) as
      | {
          id: number;
          childFlag: number;
          birthdate: string | null;
          telephone: string | null;
          prefectureId: number;
          name: string;
          email: string | null;
        }
      | undefined;
    if (!user) throw new DomainError('unauthorized');
    if (user.childFlag === 1) throw new DomainError('childRestricted');
    // Under the user's lock: a concurrent submit of the same checkout committed first.
    const repeat = key ? await orderByKey(trx, input.userId, key) : undefined;
    if (repeat) return { repeat };

    const cart = await cartForCheckout(trx, input.userId, input.parkId, { lock: true, lineIds: input.lineIds });
    if (cart.lines.length === 0) throw new DomainError('cartEmpty');
    if (input.lineIds && cart.lines.length !== new Set(input.lineIds).size) throw new DomainError('notFound');
    if (cart.lines.some((l) => l.orderId !== null)) throw new DomainError('cartLineInPayment');
    for (const line of cart.lines) {
      const held = line.holds.reduce((n, h) => n + h.quantity, 0);
      // A pass holds nothing (carts/services/addPassLine.ts): its holders must all be named instead.
      const holdsWhatItSells = line.lottery || line.kind === 'pass' || held > 0;
      if (line.expiresAt <= now || !holdsWhatItSells) throw new DomainError('ticketInfoDeleted');
      if (line.kind === 'pass' && !line.passComplete) throw new DomainError('passHoldersMissing');
      const renews = line.passDetails?.renewsPassId;
      if (renews) await assertRenewable(trx, renews, now);
    }
    await assertPassPoolHolders(trx, input.userId, input.parkId, cart.lines);
    const lottery = cart.lines.some((l) => l.lottery);
    // A lottery entry is an order of its own: one line, one party, one authorisation.
    if (lottery && cart.lines.length !== 1) throw new DomainError('lotteryOneEntryPerOrder');

    // Advance information of every ticket.
    const itemIds = cart.lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId]));
    const items = (await trx('items').whereIn('id', itemIds).select('id', 'advance_info_fields', 'reward_coins')) as {
      id: number;
      advanceInfoFields: AdvanceField[];
      rewardCoins: number;
    }[];
    const itemById = new Map(items.map((i) => [i.id, i]));
    for (const line of cart.lines) {
      const fields = line.itemId === null ? [] : (itemById.get(line.itemId)?.advanceInfoFields ?? []);
      const problems = advanceInfoProblems(
        fields,
        line.people,
        line.advanceInfo as Parameters<typeof advanceInfoProblems>[2],
        input.locale,
      );
      const first = problems[0];
      if (first?.error === 'required') throw new DomainError('advanceInfoIncomplete');
      if (first) throw new DomainError(first.error, first.params);
      await assertOwnPhotos(trx, input.userId, fields, line.advanceInfo);
    }

    // Money: coupons, coins, total.
    const tickets = cart.lines.flatMap(ticketsOf);
    const userCouponIds = [...new Set(input.userCouponIds)];
    const coupons = await heldCoupons(trx, input.userId, userCouponIds);
    if (coupons.length !== userCouponIds.length) throw new DomainError('notFound');
    const discount = couponDiscount(tickets, coupons, input.parkId, now);
    if (isRefusal(discount)) throw refuse(discount);
    const owned = await coinBalance(trx, input.userId);
    const totals = checkoutTotal({
      subtotal: cart.subtotal,
      couponDiscount: discount.discount,
      coins: input.coins,
      ownedCoins: owned,
    });
    if (isRefusal(totals)) throw refuse(totals);

    // Method: nothing to pay is full coin / free; lottery and waitlist are card only, authorised first.
    let method = input.method;
    if (totals.total === 0) method = PaymentMethod.FullCoin;
    else if (method === PaymentMethod.FullCoin) throw new DomainError('paymentMethodInvalid');
    if (lottery && method !== PaymentMethod.Visa && method !== PaymentMethod.FullCoin)
      throw new DomainError('paymentModeUnsupported');
    // Konbini: a store chosen, within GMO's amount limit, and a deadline that leaves time to pay before use.
    let konbini: { deadline: Date; termDays: number } | null = null;
    if (method === PaymentMethod.Konbini) {
      if (!input.konbini || !enumValues(KonbiniStore).includes(input.konbini.convenience as KonbiniStore)) {
        throw new DomainError('required', { field: 'convenience' });
      }
      if (totals.total > KONBINI_AMOUNT_LIMIT) throw new DomainError('konbiniAmountLimit');
      const park = (await trx('parks').where({ id: input.parkId }).first('konbini_payment_days')) as
        | { konbiniPaymentDays: number }
        | undefined;
      const due = konbiniDeadline(
        now,
        park?.konbiniPaymentDays ?? 3,
        cart.lines.map((l) => l.date),
      );
      if (!due) throw new DomainError('konbiniNoTime');
      konbini = { deadline: due.deadline, termDays: due.termDays };
    }
    if (method !== PaymentMethod.FullCoin) assertPaymentProfile(user);
    // A lottery entry reserves its amount until the draw, or (a draw beyond an authorisation's lifetime) has its
    // card checked now and charged at the draw. Nothing to pay (full coin): the internal authorisation.
    let mode: PaymentMode = lottery ? PaymentMode.Auth : PaymentMode.Capture;
    const entryLine = cart.lines[0];
    if (lottery && method === PaymentMethod.Visa && entryLine?.itemId) {
      const round = await openLotteryFor(trx, entryLine.itemId, entryLine.date, now);
      if (chargesAtDraw(round.drawAt, now, config.payments.authorisationValidDays)) mode = PaymentMode.Check;
    }
    const rewardCoins = cart.lines.reduce(
      (n, l) => n + (l.itemId === null ? 0 : (itemById.get(l.itemId)?.rewardCoins ?? 0) * ticketsOf(l).length),
      0,
    );

    const [order] = (await trx('orders')
      .insert({
        user_id: input.userId,
        park_id: input.parkId,
        kind: cart.lines.some((l) => l.kind === 'pack') ? OrderKind.Package : OrderKind.Items,
        order_type: input.orderType,
        state: 'pending_payment',
        subtotal: cart.subtotal,
        coin_discount: totals.coinDiscount,
        coupon_discount: discount.discount,
        total: totals.total,
        payment_method: method,
        payment_mode: mode,
        reward_coins: rewardCoins,
        ordered_at: now,
        idempotency_key: key ?? null,
        source: lottery ? 'lottery' : 'cart',
      })
      .returning(['id'])) as { id: number }[];
    if (!order) throw new Error('order not inserted');
    const applicationNumber = `ZP${tokyoDate(now).slice(2).replaceAll('-', '')}-${String(order.id).padStart(6, '0')}`;
    await trx('orders').where({ id: order.id }).update({ application_number: applicationNumber });
    for (const line of cart.lines) {
      await trx('order_lines').insert({
        order_id: order.id,
        item_id: line.itemId,
        ticket_pack_id: line.ticketPackId,
        date: line.date,
        time_slot_id: line.timeSlotId,
        time: line.time,
        seats: JSON.stringify(line.seatCodes),
        units: JSON.stringify(line.components),
        subtotal: line.subtotal,
        hold_ids: line.holds.map((h) => h.id),
        places: JSON.stringify(await placesOf(trx, line)),
        advance_info: line.advanceInfo === null ? null : JSON.stringify(line.advanceInfo),
        pass_details: line.passDetails === null ? null : JSON.stringify(line.passDetails),
        cart_line_id: line.id,
      });
    }
    // Guest vouchers priced on admission lines: held now, under the passes' locks (at most N per term).
    const uses = cart.lines.flatMap((l) => {
      const free = l.components.filter((c) => c.memberVoucherPassId !== undefined);
      const quantity = free.reduce((n, c) => n + c.quantity, 0);
      const passId = free[0]?.memberVoucherPassId;
      if (passId === undefined || l.itemId === null || l.category === null || quantity === 0) return [];
      return [
        { lineId: l.id, itemId: l.itemId, parkId: cart.parkId, category: l.category, date: l.date, passId, quantity },
      ];
    });
    if (uses.length > 0) await orderHooks().holdGuestVouchers(trx, order.id, input.userId, uses);
    if (lottery && entryLine?.itemId) {
      await orderHooks().enterLottery(trx, {
        userId: input.userId,
        orderId: order.id,
        itemId: entryLine.itemId,
        party: entryLine.people,
        first: { date: entryLine.date, slotId: entryLine.timeSlotId },
        more: input.lottery?.more ?? [],
        waitlist: input.lottery?.waitlist ?? false,
        now,
      });
    }
    await freezeLines(
      trx,
      cart.lines.map((l) => l.id),
      order.id,
    );
    for (const c of coupons) {
      await trx('order_coupons').insert({
        order_id: order.id,
        user_coupon_id: c.userCouponId,
        discount: discount.perCoupon.get(c.id) ?? 0,
      });
    }
    await spendCoins(trx, input.userId, order.id, totals.coinDiscount);
    // The payment window: the expiry job leaves these holds while the visitor pays (konbini: until its deadline).
    const until = konbini?.deadline ?? new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
    const holdIds = cart.lines.flatMap((l) => l.holds.map((h) => h.id));
    if (holdIds.length) {
      await trx('stock_holds').whereIn('id', holdIds).where('expires_at', '<', until).update({ expires_at: until });
      await auditHolds(
        trx,
        holdIds.map((holdId) => ({
          holdId,
          action: 'paymentWindow' as const,
          actorUserId: input.userId,
          data: { until: until.toISOString(), orderId: order.id },
        })),
      );
    }
    await trx('cart_lines')
      .whereIn(
        'id',
        cart.lines.map((l) => l.id),
      )
      .where('expires_at', '<', until)
      .update({ expires_at: until });
    await audit(trx, {
      entity: 'order',
      entityId: order.id,
      action: 'placed',
      actorUserId: input.userId,
      data: { applicationNumber, total: totals.total, method, mode },
    });
    return {
      orderId: order.id,
      applicationNumber,
      method,
      mode,
      total: totals.total,
      konbini: konbini && {
        convenience: input.konbini?.convenience ?? '',
        customerName: user.name,
        customerKana: user.name,
        telNo: (user.telephone ?? '').replace(/\D/g, '').slice(0, 13),
        mailAddress: user.email,
        paymentTermDays: konbini.termDays,
        deadline: konbini.deadline,
      },
    };
  });
  if ('repeat' in placed) return repeatAnswer(knex, placed.repeat as KeyedOrder, now);

  let payment: StartPaymentResult;
  try {
    payment = await startPayment(knex, config, outcome, {
      orderId: placed.orderId,
      userId: input.userId,
      method: placed.method,
      mode: placed.mode,
      amount: placed.total,
      card: input.card,
      saveCard: input.saveCard,
      konbini: placed.konbini ?? undefined,
      ...(placed.konbini ? { returnPath: '/payment/konbini' } : {}),
      description: placed.applicationNumber,
      // A retry that found no payment may have failed the order meanwhile (repeatAnswer): then none is started.
      beforeCreate: (trx) => assertAwaitingPayment(trx, placed.orderId),
    });
  } catch (err) {
    await abandonUnstarted(knex, placed.orderId, now);
    throw err;
  }
  await knex('orders').where({ id: placed.orderId }).whereNull('payment_id').update({ payment_id: payment.payment.id });
  return { orderId: placed.orderId, applicationNumber: placed.applicationNumber, payment };
}

/**
 * A renewal line: the pass is still in its renewal window, checked under the pass's row lock (lock order: user,
 * cart, lines, passes); fulfilment adds the term from the old end under the same lock.
 */
async function assertRenewable(trx: Knex.Transaction, passId: number, now: Date): Promise<void> {
  const pass = (await trx('passes as p')
    .join('pass_products as pp', 'pp.item_id', 'p.item_id')
    .where('p.id', passId)
    .forUpdate('p')
    .first('p.valid_until', 'pp.renewal_window_days', 'pp.renewal_plan_id')) as
    | { validUntil: string | null; renewalWindowDays: number; renewalPlanId: number | null }
    | undefined;
  const today = tokyoDate(now);
  if (!pass?.validUntil || pass.renewalPlanId === null) throw new DomainError('passNotRenewable');
  const window = renewalWindow(pass.validUntil, pass.renewalWindowDays);
  if (today < window.opensOn || today > window.closesOn) throw new DomainError('passNotRenewable');
}

const PHOTO_PURPOSE = { face_photo: 'face', gate_photo: 'gate' } as const;

/** Photos in advance information are upload ids: each must be the buyer's own upload of the right kind. */
async function assertOwnPhotos(
  trx: Knex.Transaction,
  userId: number,
  fields: readonly AdvanceField[],
  answers: Record<string, unknown> | null,
): Promise<void> {
  const tickets = (answers as { tickets?: Record<string, unknown>[] } | null)?.tickets ?? [];
  for (const field of fields) {
    if (field.kind === 'text') continue;
    const ids = tickets.map((t) => t[field.key]).filter((v): v is string => typeof v === 'string' && v !== '');
    if (ids.length === 0) continue;
    const own = (await trx('uploads')
      .whereIn('id', ids)
      .where({ owner_id: userId, purpose: PHOTO_PURPOSE[field.kind] })
      .pluck('id')) as string[];
    if (new Set(own).size !== new Set(ids).size) throw new DomainError('advanceInfoIncomplete');
  }
}

interface KeyedOrder {
  id: number;
  applicationNumber: string;
}

async function orderByKey(db: Knex | Knex.Transaction, userId: number, key: string) {
  return (await db('orders').where({ user_id: userId, idempotency_key: key }).first('id', 'application_number')) as
    | KeyedOrder
    | undefined;
}

/** The order waits for its first payment (under the order's lock): a payment start's check. */
async function assertAwaitingPayment(trx: Knex.Transaction, orderId: number): Promise<void> {
  const order = await trx('orders').where({ id: orderId }).forUpdate().first('state');
  if (order?.state !== 'pending_payment') throw new DomainError('checkoutNotStarted');
}

/**
 * The answer the first submit of a checkout got (its payment may still be starting: wait for it a little). Still no
 * payment after the wait: the first submit died between the order and its payment (an instance gone), and no one
 * will start one. The order fails now (its places and coins back to the buyer), instead of after STALLED_AFTER_MS:
 * the payment start checks the order under its lock, so a first submit that was only slow starts none.
 */
async function repeatAnswer(knex: Knex, order: KeyedOrder, now: Date): Promise<PlacedOrder> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await startedAnswer(knex, order);
    if (answer) return answer;
  }
  if (!(await knex('payments').where({ order_id: order.id }).first('id'))) {
    await abandonUnstarted(knex, order.id, now);
    const state = (await knex('orders').where({ id: order.id }).first('state'))?.state;
    if (state === 'failed') throw new DomainError('checkoutNotStarted');
  }
  // A payment started meanwhile (or is still starting): answered if it has come this far.
  const answer = await startedAnswer(knex, order);
  if (answer) return answer;
  throw new DomainError('checkoutInProgress');
}

/** The answer of an order's latest payment, once it has gone past being created (else undefined). */
async function startedAnswer(knex: Knex, order: KeyedOrder): Promise<PlacedOrder | undefined> {
  const row = (await knex('payments').where({ order_id: order.id }).orderBy('created_at', 'desc').first('id')) as
    | { id: string }
    | undefined;
  const payment = row ? await findPayment(knex, row.id) : undefined;
  if (!payment || payment.state === 'created') return undefined;
  const answer = { orderId: order.id, applicationNumber: order.applicationNumber };
  if (payment.state === 'redirected' && payment.redirectUrl) {
    return { ...answer, payment: { kind: 'redirect', url: payment.redirectUrl, payment } };
  }
  if (payment.state === 'failed' || payment.failureReason) {
    return { ...answer, payment: { kind: 'failed', reason: payment.failureReason ?? 'provider_error', payment } };
  }
  return { ...answer, payment: { kind: 'completed', payment } };
}

/**
 * The payment could not even start (a refused card reference, a provider that never heard of it): the order fails
 * at once and its lines open again, so nothing stays frozen without a payment to end it. (Had the process stopped
 * here instead, the failStalledOrders sweep does the same after the payment window.)
 */
async function abandonUnstarted(knex: Knex, orderId: number, now: Date): Promise<void> {
  await transaction(knex, 'checkout', async (trx) => {
    const order = await trx('orders').where({ id: orderId }).forUpdate().first('state');
    if (order?.state !== 'pending_payment') return;
    if (await trx('payments').where({ order_id: orderId }).first('id')) return; // its payment will end it
    await failUnstartedOrder(trx, orderId, now);
  });
}

/** The places a line takes, to take them again should its payment come after its holds were given back. */
async function placesOf(trx: Knex.Transaction, line: CheckoutLine) {
  const seatIds = line.seatCodes.length
    ? ((await trx('item_seats')
        .where('item_id', line.itemId)
        .whereIn('seat_code', line.seatCodes)
        .orderBy('id')
        .pluck('id')) as number[])
    : [];
  return line.holds.map((h, i) => ({
    stockUnitId: h.stockUnitId,
    quantity: h.quantity,
    seatIds: i === 0 ? seatIds.map(Number) : [],
  }));
}
