// Wallet routes (thin: validate, call one service, answer). Every /me call is scoped to the caller's own user id:
// someone else's ticket or share is 404. Kids accounts cannot open ticket detail nor cancel (refused here).
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { TicketRevocations, TicketTriggerView, UseConflict, UseTicketAnswer } from '../../../common/dto/wallet';
import { UsageTrigger } from '../../../common/enums';
import { message } from '../../../common/messages';
import { tokyoDate } from '../../../common/time';
import { DomainError } from '../../lib/errors';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, id } from '../../lib/routeKit';
import { fields, listOf, oneOf, optional, orNoBody, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { listParkKeys, signingKey } from './keys';
import {
  CANCELLATION_ANSWER,
  KEYS_ANSWER,
  QUOTE_ANSWER,
  REVOCATIONS_ANSWER,
  SCAN_ANSWER,
  SHARE_ANSWER,
  SHARE_CREATED_ANSWER,
  SHARE_PREVIEW_ANSWER,
  SHARES_ANSWER,
  TICKET_ANSWER,
  TICKET_DETAIL_ANSWER,
  TICKETS_ANSWER,
  TRIGGER_VIEW_ANSWER,
  USAGE_HISTORY_ANSWER,
  USE_ANSWER,
  WALLET_ANSWER,
} from './responses';
import { cancelShare, reissueShare } from './services/cancelShare';
import { cancelTickets } from './services/cancelTickets';
import { confirmCertificate } from './services/confirmCertificate';
import { createShare } from './services/createShare';
import { getSharePreview } from './services/getSharePreview';
import { getTicket } from './services/getTicket';
import { getTicketDetail } from './services/getTicketDetail';
import { listShares } from './services/listShares';
import { listUsageHistory } from './services/listUsageHistory';
import { listWallet } from './services/listWallet';
import { markUsed, type UseOutcome } from './services/markUsed';
import { quoteCancellation } from './services/quoteCancellation';
import { receiveShare } from './services/receiveShare';
import { recordScan } from './services/recordScan';
import { setTicketImage } from './services/setTicketImage';
import type { PresentOptions } from './tickets';
import { listRevocations, REVOCATION_PAGE_MAX } from './tokens';

const PRIVATE = 'private, no-store';
const ok = (h: ResponseToolkit, data: unknown, meta: object = {}, code = 200) =>
  h.response({ data, meta }).code(code).header('cache-control', PRIVATE);
const uuid = () => Joi.string().guid();
const ticketIds = () => listOf(uuid()).min(1).max(50).unique();
const ticketParams = { params: fields({ id: uuid() }) };
const shareParams = { params: fields({ id: uuid() }) };
const parkParams = fields({ id: Joi.number().integer().min(1).max(2_147_483_647) });
const useBody = fields({
  client_id: uuid(),
  used_at: Joi.date().iso(),
  device_id: optional(Joi.string().max(64)),
});
const SCAN_DIRECTIONS = ['in', 'out'] as const;

/** The request's language, secret and time: the app's clock (a test server's moves), never the wall clock. */
const opts = (request: Pick<Request, 'app' | 'server'>): PresentOptions => ({
  locale: request.app.locale,
  appSecret: request.server.app.config.appSecret,
  now: request.server.app.clock.now(),
});
const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;
const publicUrl = (request: Pick<Request, 'server'>) => request.server.app.config.publicUrl;

/** A use answer: 200 when this act (or its replay) marked the ticket; 409 with the ticket as it is otherwise. */
function usageAnswer(request: Pick<Request, 'app'>, h: ResponseToolkit, outcome: UseOutcome) {
  if (outcome.kind === 'applied') {
    const data: UseTicketAnswer = { ticket: outcome.ticket, applied: true };
    return ok(h, data);
  }
  const data: UseTicketAnswer = { ticket: outcome.ticket, applied: false };
  return h
    .response({
      data,
      meta: { status: 409, code: outcome.code, message: message(outcome.message, request.app.locale) },
    })
    .code(409)
    .header('cache-control', PRIVATE);
}

/** ticket_ids as an array (ticket_ids[]=a&ticket_ids[]=b or repeated) or a comma-separated list. */
function idsQuery(value: unknown): string[] {
  const list = (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((v) => String(v).trim())
    .filter(Boolean);
  const { error, value: ids } = ticketIds().validate(list);
  if (error) throw new DomainError('invalidParam', { field: 'ticket_ids' });
  return ids as string[];
}

export const walletRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/me/tickets',
    options: {
      response: WALLET_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'My Tickets: current tickets (not shared out, not past) with park details, map images and QR tokens',
    },
    async handler(request, h) {
      return ok(h, await listWallet(knexOf(request), currentUserId(request), opts(request)));
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/me/tickets/usage-histories',
    options: {
      response: USAGE_HISTORY_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'Past tickets, newest first: used, cancelled, expired unused, received by someone else',
      validate: { query: fields(pagingQuery) },
    },
    async handler(request, h) {
      const q = request.query;
      const { entries, total } = await listUsageHistory(
        knexOf(request),
        currentUserId(request),
        q.page,
        q.per_page,
        opts(request),
      );
      return ok(h, entries, pageMeta(q.page, q.per_page, total));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/tickets/cancellation-quote',
    options: {
      response: QUOTE_ANSWER,
      plugins: answers({ 404: 'A ticket is not yours', 409: 'Not cancellable' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'wallet'],
      description: 'What cancelling these tickets (of one order) would cost now: fee, refund in money and coins',
      validate: { query: fields({ ticket_ids: Joi.any<unknown>() }) },
    },
    async handler(request, h) {
      const ids = idsQuery(request.query.ticket_ids);
      return ok(h, await quoteCancellation(knexOf(request), currentUserId(request), ids));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/tickets/cancellations',
    options: {
      response: CANCELLATION_ANSWER,
      plugins: answers({
        202: 'Cancelled; the refund is still to be made (cancel_waiting)',
        404: 'A ticket is not yours',
        409: 'Not cancellable',
      }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'wallet'],
      description:
        'Cancel tickets of one order by its policy: refund (partial) through the payment provider, coins returned, stock released; posting the same tickets again retries a refund the provider refused',
      validate: { payload: fields({ ticket_ids: ticketIds() }) },
    },
    async handler(request, h) {
      const { ticket_ids } = request.payload;
      const answer = await cancelTickets(
        knexOf(request),
        request.server.app.config,
        { userId: currentUserId(request), ticketIds: ticket_ids },
        opts(request),
      );
      return ok(h, answer, {}, answer.state === 'done' ? 200 : 202);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/tickets/image',
    options: {
      response: TICKETS_ANSWER,
      plugins: answers({ 404: 'A ticket or the photo is not yours' }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description:
        'Set the face photo shown at the gate for tickets (photo_id from POST api/v1/me/photos, purpose face)',
      validate: { payload: fields({ ticket_ids: ticketIds(), photo_id: uuid() }) },
    },
    async handler(request, h) {
      const p = request.payload;
      return ok(
        h,
        await setTicketImage(knexOf(request), currentUserId(request), p.ticket_ids, p.photo_id, opts(request)),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/tickets/{id}',
    options: {
      response: TICKET_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'wallet'],
      description: 'One of my tickets',
      validate: ticketParams,
    },
    async handler(request, h) {
      return ok(h, await getTicket(knexOf(request), currentUserId(request), request.params.id, opts(request)));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/tickets/{id}/detail',
    options: {
      response: TICKET_DETAIL_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'wallet'],
      description: 'The order a ticket came from, the holder’s advance information and the cancellation quote',
      validate: ticketParams,
    },
    async handler(request, h) {
      return ok(h, await getTicketDetail(knexOf(request), currentUserId(request), request.params.id, opts(request)));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/tickets/{id}/use',
    options: {
      response: USE_ANSWER,
      plugins: answers({
        409: { description: 'Not marked: the ticket as it is, with meta.status, code and message', kind: 'json' },
      }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description:
        'Mark a ticket used (button operation; a QR ticket is used at the gate: 409 notUsable): irreversible, only on the day of use (Asia/Tokyo) by the device time used_at; idempotent by client_id; the earliest act of any kind marks the ticket, a later one is kept flagged (409 alreadyUsed); 409 notUseDay / alreadyUsed / notUsable carry the ticket',
      validate: { ...ticketParams, payload: useBody },
    },
    async handler(request, h) {
      const p = request.payload;
      const outcome = await markUsed(
        knexOf(request),
        {
          userId: currentUserId(request),
          ticketId: request.params.id,
          clientId: p.client_id,
          usedAt: p.used_at,
          source: 'button',
          deviceId: p.device_id,
        },
        opts(request),
      );
      return usageAnswer(request, h, outcome);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/tickets/{id}/trigger',
    options: {
      response: TRIGGER_VIEW_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description:
        'URL access trigger (/product/trigger/:id): the ticket and whether it can be used now (reason notUseDay before its day, alreadyUsed, notUsable); 404 for items without URL access',
      validate: ticketParams,
    },
    async handler(request, h) {
      const ticket = await getTicket(knexOf(request), currentUserId(request), request.params.id, opts(request));
      if (ticket.usageTrigger !== UsageTrigger.UrlAccess) throw new DomainError('notFound');
      const reason: UseConflict | null =
        ticket.state === 'used'
          ? 'alreadyUsed'
          : ticket.useDate > tokyoDate()
            ? 'notUseDay'
            : ticket.triggerUrl
              ? null
              : 'notUsable';
      const data: TicketTriggerView = { ticket, usable: reason === null, reason };
      return ok(h, data);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/tickets/{id}/trigger',
    options: {
      response: USE_ANSWER,
      plugins: answers({
        409: { description: 'Not marked: the ticket as it is, with meta.status, code and message', kind: 'json' },
      }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'URL access trigger: marks the ticket used like /use (client_id and used_at optional: server time)',
      validate: {
        ...ticketParams,
        payload: orNoBody(
          fields({
            client_id: optional(uuid()),
            used_at: optional(Joi.date().iso()),
            device_id: optional(Joi.string().max(64)),
          }),
        ).default({}),
      },
    },
    async handler(request, h) {
      const p = request.payload ?? {};
      const userId = currentUserId(request);
      const ticket = await getTicket(knexOf(request), userId, request.params.id, opts(request));
      if (ticket.usageTrigger !== UsageTrigger.UrlAccess) throw new DomainError('notFound');
      const outcome = await markUsed(
        knexOf(request),
        {
          userId,
          ticketId: ticket.id,
          clientId: p.client_id ?? crypto.randomUUID(),
          usedAt: p.used_at ?? request.server.app.clock.now(),
          source: 'url',
          deviceId: p.device_id,
        },
        opts(request),
      );
      return usageAnswer(request, h, outcome);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/tickets/{id}/certificate',
    options: {
      response: TICKET_ANSWER,
      plugins: answers({ 409: 'Not usable (notUsable)' }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'A disabled holder has shown the certificate or disability ID: the ticket can be used',
      validate: ticketParams,
    },
    async handler(request, h) {
      return ok(h, await confirmCertificate(knexOf(request), currentUserId(request), request.params.id, opts(request)));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/scans',
    options: {
      response: SCAN_ANSWER,
      plugins: answers({
        403: "Not staff of the ticket's park (notParkStaff)",
        404: 'No ticket with that number (ticketNumberUnknown)',
        409: 'The ticket is not for the day of the scan (ticketWrongDay)',
      }),
      auth: REQUIRED,
      app: { access: { staff: 'scanner' } },
      tags: ['api', 'wallet', 'staff'],
      description:
        "A gate admission by the park's staff (offline ones uploaded later), by QR token or ticket number: idempotent by scan_id, the scan's own time kept; the earliest act of any kind marks the ticket, later ones, scans of revoked tokens or cancelled tickets and clocks that cannot be right are stored flagged for review",
      validate: {
        payload: fields({
          scan_id: uuid(),
          token: optional(Joi.string().max(2000)),
          ticket_number: optional(Joi.string().max(32)),
          scanned_at: Joi.date().iso(),
          device_id: optional(Joi.string().max(64)),
          gate_name: optional(Joi.string().max(40)),
          park_id: optional(
            id().description("The gate's park: member cards of multi-park passes (default: the card's own park)"),
          ),
          direction: oneOf(SCAN_DIRECTIONS)
            .default('in')
            .description(
              "An entry, or an exit of a ticket inside the park (re-entry then counts against the item's entries)",
            ),
          confirm: Joi.boolean()
            .default(false)
            .description(
              'The gate is online and waits for this answer to show its verdict: a ticket already used on arrival answers duplicate (the gate refuses), whatever the scan times say',
            ),
        }).xor('token', 'ticket_number'),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const answer = await recordScan(
        knexOf(request),
        {
          staffUserId: currentUserId(request),
          scanId: p.scan_id,
          token: p.token ?? null,
          ticketNumber: p.ticket_number ?? null,
          scannedAt: p.scanned_at,
          deviceId: p.device_id ?? null,
          gateName: p.gate_name ?? null,
          confirm: p.confirm,
          direction: p.direction,
          parkId: p.park_id ?? null,
        },
        request.server.app.clock.now(),
      );
      return ok(h, answer);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/parks/{id}/ticket-keys',
    options: {
      response: KEYS_ANSWER,
      auth: false,
      tags: ['api', 'wallet'],
      description: "The park's public Ed25519 keys for offline ticket verification (retired keys stay listed 7 days)",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const parkId = request.params.id;
      const knex = knexOf(request);
      if (!(await knex('parks').where({ id: parkId }).first('id'))) throw new DomainError('notFound');
      // A park's first key is made here too, so staff devices can hold it before any ticket is shown.
      await signingKey(knex, parkId, request.server.app.config.appSecret);
      const data = await listParkKeys(knex, parkId);
      return h.response({ data, meta: {} }).header('cache-control', 'public, max-age=300');
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/parks/{id}/ticket-revocations',
    options: {
      response: REVOCATIONS_ANSWER,
      auth: false,
      tags: ['api', 'wallet'],
      description:
        "The park's revoked token ids (not yet expired) numbered after the cursor `after`, oldest first, a page of `limit`: ask again from `next` while `more`; numbers become visible in commit order, so a device that keeps `next` misses none",
      validate: {
        params: parkParams,
        query: fields({
          after: Joi.number().integer().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
          limit: Joi.number().integer().min(1).max(REVOCATION_PAGE_MAX).default(1000),
        }),
      },
    },
    async handler(request, h) {
      const parkId = request.params.id;
      const { after, limit } = request.query;
      const knex = knexOf(request);
      if (!(await knex('parks').where({ id: parkId }).first('id'))) throw new DomainError('notFound');
      const now = new Date();
      const page = await listRevocations(knex, parkId, after, limit, now);
      const data: TicketRevocations = { parkId, ...page, asOf: now.toISOString() };
      return h.response({ data, meta: {} }).header('cache-control', 'public, max-age=30');
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/ticket-shares',
    options: {
      response: SHARE_CREATED_ANSWER,
      plugins: answers({
        200: null,
        201: 'Share created',
        404: 'A ticket is not yours',
        409: 'A ticket cannot be shared (notShareable)',
      }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'Share unused, shareable tickets of one park: a link valid 24 hours (not beyond the shareable date)',
      validate: { payload: fields({ ticket_ids: ticketIds() }) },
    },
    async handler(request, h) {
      const { ticket_ids } = request.payload;
      return ok(
        h,
        await createShare(knexOf(request), publicUrl(request), currentUserId(request), ticket_ids, opts(request)),
        {},
        201,
      );
    },
  }),
  {
    method: 'GET',
    path: '/api/v1/me/ticket-shares',
    options: {
      response: SHARES_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'My shares, newest first',
    },
    async handler(request, h) {
      return ok(h, await listShares(knexOf(request), publicUrl(request), currentUserId(request), opts(request)));
    },
  },
  route({
    method: 'DELETE',
    path: '/api/v1/me/ticket-shares/{id}',
    options: {
      response: SHARE_ANSWER,
      plugins: answers({ 409: 'The share is closed (shareClosed)' }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'Cancel an open share: tickets nobody received return to My Tickets',
      validate: shareParams,
    },
    async handler(request, h) {
      return ok(
        h,
        await cancelShare(
          knexOf(request),
          publicUrl(request),
          currentUserId(request),
          request.params.id,
          opts(request),
        ),
      );
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/ticket-shares/{id}/reissue',
    options: {
      response: SHARE_CREATED_ANSWER,
      plugins: answers({ 200: null, 201: 'New share link', 409: 'The share is closed (shareClosed)' }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description: 'Cancel an open share and share its unreceived tickets again with a new link',
      validate: shareParams,
    },
    async handler(request, h) {
      return ok(
        h,
        await reissueShare(
          knexOf(request),
          publicUrl(request),
          currentUserId(request),
          request.params.id,
          opts(request),
        ),
        {},
        201,
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/ticket-shares/{id}',
    options: {
      response: SHARE_PREVIEW_ANSWER,
      // Anyone with the link, guests too: the preview reads no caller.
      auth: false,
      tags: ['api', 'wallet'],
      description: 'What a share holds, for anyone with the link (guests too)',
      validate: shareParams,
    },
    async handler(request, h) {
      return ok(h, await getSharePreview(knexOf(request), request.params.id, request.app.locale));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/ticket-shares/{id}/receive',
    options: {
      response: WALLET_ANSWER,
      plugins: answers({ 409: 'The share is closed (shareClosed)', 410: 'The share expired (shareExpired)' }),
      auth: REQUIRED,
      tags: ['api', 'wallet'],
      description:
        'Receive the tickets of a share (all, or ticket_ids): they move to you with new QR tokens; 410 when expired',
      validate: {
        ...shareParams,
        payload: orNoBody(fields({ ticket_ids: optional(ticketIds()) })).default({}),
      },
    },
    async handler(request, h) {
      const p = request.payload ?? {};
      return ok(
        h,
        await receiveShare(knexOf(request), currentUserId(request), request.params.id, p.ticket_ids, opts(request)),
      );
    },
  }),
];
