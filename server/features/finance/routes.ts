// The back office's finance routes (finance role, or owner, of the path's park; the auth plugin checks it on every
// call): find the park's orders, read one, quote and make a cancellation for the visitor (the visitor's own
// cancellation path), and a day's sales and admissions per item as JSON or CSV. Handlers parse, call a service,
// present.
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import { BANK_TRANSFER_STATES } from '../../../common/dto/bankTransfer';
import { LOCALES, type Locale } from '../../../common/enums';
import { DomainError } from '../../lib/errors';
import { type ReportRange, rangeName, rangeOf } from '../../lib/reportRange';
import { answers, id, isoDate, ok, PRIVATE } from '../../lib/routeKit';
import { fields, listOf, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { bankTransfersCsv, listBankTransfers, markBankTransferred, zenginTransferFile } from '../payments';
import { reportCsv } from './report';
import {
  BANK_TRANSFER,
  BANK_TRANSFER_LIST,
  CANCELLATION,
  DAILY_REPORT,
  FINDINGS,
  ORDER,
  ORDER_LIST,
  QUOTE,
} from './schemas';
import { cancelForVisitor } from './services/cancelForVisitor';
import { dailyReport } from './services/dailyReport';
import { getParkOrder } from './services/getParkOrder';
import { ordersCsv } from './services/ordersCsv';
import { quoteParkCancellation } from './services/quoteParkCancellation';
import { listFindings } from './services/reconcileLedgers';
import { refundForPark } from './services/refundForPark';
import { refundsCsv } from './services/refundsCsv';
import { type OrderSearch, searchOrders } from './services/searchOrders';

const FINANCE = { access: { staff: 'finance' as const } };
const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;
const parkParams = fields({ parkId: id() });
const TRANSFER_FILTER = fields({
  state: optional(oneOf(BANK_TRANSFER_STATES)),
  waiting: optional(oneOf(['long'] as const)),
});
const orderParams = fields({ parkId: id(), orderId: id() });

const uuid = () => Joi.string().guid();
const ticketIds = () => listOf(uuid()).min(1).max(50).unique();
/** ticket_ids[]=a&ticket_ids[]=b (the PWA's bracket style) or ticket_ids=a,b. */
const ticketIdsQuery = () =>
  Joi.any<string[]>().custom((value: unknown, helpers) => {
    const list = (Array.isArray(value) ? value : String(value ?? '').split(','))
      .map((v) => String(v).trim())
      .filter(Boolean);
    const { error, value: ids } = ticketIds().validate(list);
    return error ? helpers.error('any.invalid') : ids;
  });

/** An application number as the visitor sees it (ZP261124-000123). */
const applicationNumber = () =>
  Joi.string()
    .trim()
    .pattern(/^ZP\d{6}-\d{6,10}$/i);
/** A telephone number: digits with hyphens, spaces, brackets or a leading +, 10 to 15 digits. */
const telephone = () =>
  Joi.string()
    .trim()
    .max(24)
    .pattern(/^\+?[0-9][0-9 ()-]*$/)
    .custom((v: string, helpers) => {
      const n = v.replace(/\D/g, '').length;
      return n >= 10 && n <= 15 ? v : helpers.error('any.invalid');
    });

/** One day (date=) or a range (from= and to=): rangeOf checks which and that the range runs forward. */
const RANGE_QUERY = fields({
  date: optional(isoDate()),
  from: optional(isoDate()),
  to: optional(isoDate()),
  lang: optional(oneOf(LOCALES)),
});

/** A CSV download of a range of days, its header row in the request's language (lang=, else Accept-Language). */
const csvRoute = (
  path: string,
  description: string,
  make: (knex: Knex, parkId: number, range: ReportRange, locale: Locale) => Promise<string>,
  filename: (parkId: number, range: ReportRange) => string,
): ServerRoute =>
  route({
    method: 'GET',
    path,
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({ 200: { description: 'CSV (UTF-8 with a byte order mark, CRLF)', kind: 'csv' } }),
      tags: ['api', 'staff', 'finance'],
      description: `${description} (date=, or from= and to=, at most 366 days, Asia/Tokyo)`,
      validate: { params: parkParams, query: RANGE_QUERY },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const range = rangeOf(request.query);
      const locale: Locale = request.query.lang ?? request.app.locale;
      return h
        .response(await make(knexOf(request), parkId, range, locale))
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename(parkId, range)}"`)
        .header('cache-control', PRIVATE);
    },
  });

export const financeRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/orders',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'The orders found (newest first, at most 50)', data: ORDER_LIST },
        400: 'Not exactly one of number, email, phone (orderSearchOne), or one of them malformed (invalidParam)',
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "Find the park's orders by application number, the customer's e-mail address or telephone number (exactly one); orders without a line of the park are never found",
      validate: {
        params: parkParams,
        query: fields({
          number: optional(applicationNumber()),
          email: optional(Joi.string().trim().lowercase().email({ tlds: false }).max(254)),
          phone: optional(telephone()),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const q = request.query;
      const given = (['number', 'email', 'phone'] as const).filter((k) => q[k] !== undefined);
      if (given.length !== 1) throw new DomainError('orderSearchOne');
      const key = given[0] as 'number' | 'email' | 'phone';
      return ok(h, await searchOrders(knexOf(request), parkId, { [key]: q[key] } as OrderSearch));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/orders/{orderId}',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'The order', data: ORDER },
        404: 'No such order with a line of the park',
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        'One order of the park: customer, lines, payment and its refunds, tickets with their states (and whether the park may cancel each now), cancellations',
      validate: { params: orderParams },
    },
    async handler(request, h) {
      const { parkId, orderId } = request.params;
      return ok(h, await getParkOrder(knexOf(request), parkId, orderId, request.app.locale));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/orders/{orderId}/cancellation-quote',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'Fee, refund in money and coins, reward coins taken back', data: QUOTE },
        404: 'The order or a ticket is not of the park, or a ticket is not of the order',
        409: 'A ticket cannot be cancelled (notCancellable)',
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "What cancelling these tickets for the visitor would cost now, by the item's policy (tickets won via the waitlist: as of the reservation)",
      validate: { params: orderParams, query: fields({ ticket_ids: ticketIdsQuery() }) },
    },
    async handler(request, h) {
      const { parkId, orderId } = request.params;
      const { ticket_ids } = request.query;
      return ok(h, await quoteParkCancellation(knexOf(request), parkId, orderId, ticket_ids));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/orders/{orderId}/cancellations',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'Cancelled and refunded (or nothing to refund)', data: CANCELLATION },
        202: {
          description:
            'Cancelled; the refund is still to be made (cancel_waiting): posting the same tickets retries it',
          data: CANCELLATION,
        },
        404: 'The order or a ticket is not of the park, or a ticket is not of the order',
        409: 'A ticket cannot be cancelled, or is cancelled already (notCancellable)',
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "Cancel tickets for the visitor through the visitor's own cancellation: fee by the item's policy (waitlist wins too, priced as of the reservation), refund at the provider (once, whatever is posted again), coins returned, stock released, tokens revoked; recorded in the park's audit trail",
      validate: { params: orderParams, payload: fields({ ticket_ids: ticketIds() }) },
    },
    async handler(request, h) {
      const { parkId, orderId } = request.params;
      const { ticket_ids } = request.payload;
      const answer = await cancelForVisitor(knexOf(request), request.server.app.config, {
        parkId,
        orderId,
        staffUserId: currentUserId(request),
        ticketIds: ticket_ids,
        locale: request.app.locale,
      });
      return ok(h, answer, {}, answer.state === 'done' ? 200 : 202);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/orders/{orderId}/refunds',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'Cancelled and refunded in full (fee 0)', data: CANCELLATION },
        202: {
          description:
            'Cancelled; the refund is still to be made (cancel_waiting): posting the same tickets retries it',
          data: CANCELLATION,
        },
        404: 'The order or a ticket is not of the park, or a ticket is not of the order',
        409: 'A ticket is used or cancelled already (notCancellable), or nothing is left to refund (nothingToRefund)',
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "The park refunds tickets of an order (all of the park's tickets still open when none are named), e.g. after a closure: fee 0 whatever the item's policy or the day, through the visitor's own cancellation (provider refund once, coins, stock, tokens); the reason goes to the park's audit trail",
      validate: {
        params: orderParams,
        payload: fields({ ticket_ids: optional(ticketIds()), reason: Joi.string().trim().min(1).max(500) }),
      },
    },
    async handler(request, h) {
      const { parkId, orderId } = request.params;
      const p = request.payload;
      const answer = await refundForPark(knexOf(request), request.server.app.config, {
        parkId,
        orderId,
        staffUserId: currentUserId(request),
        ticketIds: p.ticket_ids,
        reason: p.reason,
        locale: request.app.locale,
      });
      return ok(h, answer, {}, answer.state === 'done' ? 200 : 202);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/reconciliation',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'Open findings, newest first (none in a healthy park)', data: FINDINGS },
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "What the reconciliation sweep found wrong in the park's books: money captured without tickets (being given back), orders whose money, coins and coupon do not add up, refunds that differ from the cancellations, tickets short of what was sold or held on an unpaid order",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      return ok(h, await listFindings(knexOf(request), parkId));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/reports/daily',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({ 200: { description: 'The days per item and time slot, and totals', data: DAILY_REPORT } }),
      tags: ['api', 'staff', 'finance'],
      description:
        'Sales and admissions per item and time slot over one day (date=) or a range of days (from= and to=, at most 366; Asia/Tokyo): places sold and their amount (orders paid those days), places cancelled and money refunded those days, tickets used those days; the occupancy for one day',
      validate: { params: parkParams, query: RANGE_QUERY },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      return ok(h, await dailyReport(knexOf(request), parkId, rangeOf(request.query), request.app.locale));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/bank-transfers',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: {
          description: 'The transfers: ready ones first, then awaiting an account, then done',
          data: BANK_TRANSFER_LIST,
        },
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "Refunds of money paid at a convenience store that the park owes by bank transfer (GMO cannot refund them): amount, the customer's account once entered, the order, days waited for an account and reminders sent; state= to filter, waiting=long for those still without an account after 3 days",
      validate: { params: parkParams, query: TRANSFER_FILTER },
    },
    async handler(request, h) {
      const { state, waiting } = request.query;
      return ok(
        h,
        await listBankTransfers(
          knexOf(request),
          request.params.parkId,
          { ...(state ? { state } : {}), longWaiting: waiting === 'long' },
          request.server.app.clock.now(),
        ),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/bank-transfers.csv',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({ 200: { description: 'CSV (UTF-8 with a byte order mark, CRLF)', kind: 'csv' } }),
      tags: ['api', 'staff', 'finance'],
      description:
        'The bank transfers to make (and made) as a CSV download, header row in lang= (else Accept-Language)',
      validate: {
        params: parkParams,
        query: fields({
          state: optional(oneOf(BANK_TRANSFER_STATES)),
          waiting: optional(oneOf(['long'] as const)),
          lang: optional(oneOf(LOCALES)),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const { state, waiting } = request.query;
      const locale: Locale = request.query.lang ?? request.app.locale;
      const filter = { ...(state ? { state } : {}), longWaiting: waiting === 'long' };
      return h
        .response(await bankTransfersCsv(knexOf(request), parkId, locale, filter, request.server.app.clock.now()))
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="zoopass-${parkId}-bank-transfers.csv"`)
        .header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/bank-transfers.zengin',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: {
          description:
            'The Zengin file (Shift_JIS, 120-byte records, CRLF); headers X-Zengin-Count, X-Zengin-Total and X-Zengin-Skipped (ready transfers left out: no bank codes)',
          kind: 'binary',
        },
        409: "The park's remitting account is not set (remitterAccountMissing), or nothing is ready (zenginNothingReady)",
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        "The ready transfers (account entered, not transferred) as a Zengin 総合振込 file for the park's bank, sent from the park's remitting account on transfer_date (a Tokyo date, today or later). Writes nothing: mark each transfer once the bank made it",
      validate: { params: parkParams, query: fields({ transfer_date: isoDate() }) },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const date = request.query.transfer_date;
      const z = await zenginTransferFile(knexOf(request), parkId, date, request.server.app.clock.now());
      return h
        .response(z.file)
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="zoopass-${parkId}-zengin-${date}.txt"`)
        .header('x-zengin-count', String(z.count))
        .header('x-zengin-total', String(z.total))
        .header('x-zengin-skipped', String(z.skipped))
        .header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/bank-transfers/{id}/transferred',
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({
        200: { description: 'Recorded: the payment is refunded by the amount', data: BANK_TRANSFER },
        404: 'No such transfer of the park',
        409: 'Recorded already (bankTransferDone), or no account entered yet (bankAccountMissing)',
      }),
      tags: ['api', 'staff', 'finance'],
      description:
        'Record that the park made the bank transfer (on transferred_on, a Tokyo date): once, audited; the payment is refunded by its amount and the customer told',
      validate: {
        params: fields({ parkId: id(), id: uuid() }),
        payload: fields({ transferred_on: isoDate() }),
      },
    },
    async handler(request, h) {
      const { parkId, id: transferId } = request.params;
      const answer = await markBankTransferred(
        knexOf(request),
        {
          parkId,
          id: transferId,
          staffUserId: currentUserId(request),
          transferredOn: request.payload.transferred_on,
        },
        request.server.app.clock.now(),
      );
      return ok(h, answer);
    },
  }),
  csvRoute(
    '/api/v1/staff/parks/{parkId}/reports/daily.csv',
    'The daily report as a CSV download for spreadsheets: one row per item, or per time slot of a timed item, and a total row last',
    async (knex, parkId, range, locale) => reportCsv(await dailyReport(knex, parkId, range, locale), locale),
    (parkId, range) => `zoopass-${parkId}-${rangeName(range)}.csv`,
  ),
  csvRoute(
    '/api/v1/staff/parks/{parkId}/reports/orders.csv',
    'The orders paid in the range, one row each: number, paid at, state, payment method, subtotal, coupon, coins, total, money paid and refunded, tickets',
    ordersCsv,
    (parkId, range) => `zoopass-${parkId}-orders-${rangeName(range)}.csv`,
  ),
  csvRoute(
    '/api/v1/staff/parks/{parkId}/reports/refunds.csv',
    'The cancellations made in the range, one row each: when, order number, tickets, fee rate and fee, money refunded, coins given back, state',
    refundsCsv,
    (parkId, range) => `zoopass-${parkId}-refunds-${rangeName(range)}.csv`,
  ),
];
