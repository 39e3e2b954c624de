// The visitor's side of group visits (issue 31): a park's group rules (public, for the form), a request with its
// exemption document (multipart), the requester's own requests, their document and their invoice PDF.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { LOCALES } from '../../../common/enums';
import { GROUP_AGE_BANDS, GROUP_DOCUMENT_MAX_BYTES, GROUP_KINDS } from '../../../common/rules/groupRequestState';
import { DomainError } from '../../lib/errors';
import { answers, id, isoDate, ok, PRIVATE, text } from '../../lib/routeKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { paymentStartAnswer } from '../payments';
import { CARD_PAYMENT_STARTED, CREATED, GROUP_TICKETS, ONE_REQUEST, REQUEST_LIST, SETTINGS_ANSWER } from './responses';
import { getGroupDocument, getGroupRequest } from './services/getGroupRequest';
import { groupInvoicePdf } from './services/groupInvoicePdf';
import { listGroupRequests } from './services/listGroupRequests';
import { listGroupTickets } from './services/listGroupTickets';
import { payGroupByCard } from './services/payGroupByCard';
import { submitGroupRequest } from './services/submitGroupRequest';
import { readGroupSettings } from './settings';

const count = () => Joi.number().integer().min(0).max(100_000);
const requestParams = fields({ requestId: id() });
const langQuery = fields({ lang: optional(oneOf(LOCALES)) });
const TAGS = ['api', 'groups'];

export const groupRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/parks/{parkId}/group-settings',
    options: {
      auth: false,
      tags: TAGS,
      response: { status: { 200: SETTINGS_ANSWER } },
      description: "A park's group rules: size limits, exemption kinds (減免), bank account, days to pay",
      validate: { params: fields({ parkId: id() }) },
    },
    async handler(request, h) {
      return ok(h, await readGroupSettings(request.server.app.knex, request.params.parkId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/groups/requests',
    options: {
      auth: REQUIRED,
      tags: TAGS,
      description:
        'Ask for a group visit, multipart: item, date, slot, organisation, kind, party size within the park limits, age mix (JSON, adding up to the party size), leaders, purpose, and for an exemption its kind and `document` (PDF, PNG or JPEG judged by content, at most 10MB)',
      response: { status: { 201: CREATED } },
      plugins: answers({
        200: null,
        400: 'A field is wrong (invalidParam names it), the size is out of the park limits, an unknown exemption, or its document missing',
        404: 'No such item',
        413: 'The document is over 10MB (groupDocumentTooLarge)',
        415: 'The document is not a PDF, PNG or JPEG by its content (groupDocumentType)',
      }),
      payload: {
        output: 'data',
        parse: true,
        multipart: { output: 'data' },
        maxBytes: GROUP_DOCUMENT_MAX_BYTES + 64 * 1024,
        failAction: () => {
          throw new DomainError('groupDocumentTooLarge');
        },
      },
      validate: {
        payload: fields({
          itemId: id().required(),
          date: isoDate().required(),
          timeSlotId: optional(id().allow('', null).empty('')),
          organisation: text(100).required(),
          kind: oneOf(GROUP_KINDS).required(),
          partySize: Joi.number().integer().min(1).max(100_000).required(),
          ageMix: Joi.string().max(2000).required(),
          leaders: count().required(),
          leaderName: text(100).required(),
          purpose: text(1000, { multiline: true }).required(),
          exemptionKind: optional(Joi.string().max(20).allow('').empty('')),
          document: optional(Joi.binary()),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      let mix: unknown;
      try {
        mix = JSON.parse(p.ageMix);
      } catch {
        throw new DomainError('invalidParam', { field: 'ageMix' });
      }
      const ageMix = Joi.object(Object.fromEntries(GROUP_AGE_BANDS.map((b) => [b, count()]))).validate(mix);
      if (ageMix.error || mix === null || typeof mix !== 'object') {
        throw new DomainError('invalidParam', { field: 'ageMix' });
      }
      const created = await submitGroupRequest(
        request.server.app.knex,
        currentUserId(request),
        {
          itemId: p.itemId,
          date: p.date,
          timeSlotId: p.timeSlotId ?? null,
          organisation: p.organisation,
          kind: p.kind,
          partySize: p.partySize,
          ageMix: ageMix.value as Record<string, number>,
          leaders: p.leaders,
          leaderName: p.leaderName,
          purpose: p.purpose,
          exemptionKind: p.exemptionKind ?? null,
          document: p.document ?? null,
        },
        request.server.app.clock.now(),
      );
      return ok(h, created, {}, 201);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/group-requests',
    options: {
      auth: REQUIRED,
      tags: TAGS,
      response: { status: { 200: REQUEST_LIST } },
      description: "The caller's group requests, newest first",
    },
    async handler(request, h) {
      const list = await listGroupRequests(
        request.server.app.knex,
        { userId: currentUserId(request) },
        request.app.locale,
      );
      return ok(h, list).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/group-requests/{requestId}',
    options: {
      auth: REQUIRED,
      tags: TAGS,
      response: { status: { 200: ONE_REQUEST } },
      plugins: answers({ 404: 'Not a request of the caller' }),
      description: "One of the caller's group requests",
      validate: { params: requestParams },
    },
    async handler(request, h) {
      const one = await getGroupRequest(
        request.server.app.knex,
        request.params.requestId,
        { userId: currentUserId(request) },
        request.app.locale,
      );
      return ok(h, one).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/group-requests/{requestId}/document',
    options: {
      auth: REQUIRED,
      tags: TAGS,
      plugins: answers({
        200: { description: 'The exemption document as uploaded (PDF, PNG or JPEG)', kind: 'binary' },
        404: 'Not a request of the caller, or no document',
      }),
      description: "The exemption document of one of the caller's group requests",
      validate: { params: requestParams },
    },
    async handler(request, h) {
      const doc = await getGroupDocument(request.server.app.knex, request.params.requestId, {
        userId: currentUserId(request),
      });
      return h.response(doc.bytes).type(doc.mime).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/group-requests/{requestId}/invoice.pdf',
    options: {
      auth: REQUIRED,
      tags: TAGS,
      plugins: answers({
        200: { description: 'The invoice (請求書) with the bank account and due date, as PDF', kind: 'binary' },
        404: 'Not a request of the caller',
        409: 'Not approved (nothing to pay) (groupRequestState)',
      }),
      description: "The invoice of one of the caller's approved group requests",
      validate: { params: requestParams, query: langQuery },
    },
    async handler(request, h) {
      const pdf = await groupInvoicePdf(
        request.server.app.knex,
        request.params.requestId,
        { userId: currentUserId(request) },
        request.query.lang ?? request.app.locale,
      );
      return h
        .response(pdf)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="group-invoice-${request.params.requestId}.pdf"`)
        .header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/group-requests/{requestId}/tickets',
    options: {
      auth: REQUIRED,
      tags: TAGS,
      response: { status: { 200: GROUP_TICKETS } },
      plugins: answers({ 404: 'Not a request of the caller' }),
      description: "A paid group's tickets (one per person) with whether each has entered: the leader's list",
      validate: { params: requestParams },
    },
    async handler(request, h) {
      const list = await listGroupTickets(request.server.app.knex, currentUserId(request), request.params.requestId);
      return ok(h, list).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/group-requests/{requestId}/payment',
    options: {
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: TAGS,
      response: { status: { 201: CARD_PAYMENT_STARTED } },
      plugins: answers({
        200: null,
        201: "The group's order placed and its card payment started (3-D Secure may follow)",
        404: 'Not a request of the caller',
        409: 'Not approved, already paid, or a payment in flight (groupRequestState, checkoutInProgress)',
        422: 'The payment profile (birth date, telephone, prefecture) is missing (profileRequiredForPayment)',
        503: 'The payment provider is unavailable (paymentUnavailable)',
      }),
      description:
        "Pay an approved group request by card instead of by invoice: a registered card or a new card's token",
      validate: {
        params: requestParams,
        payload: fields({
          user_card_id: optional(id()),
          card_token: optional(Joi.string().max(128)),
        }).xor('user_card_id', 'card_token'),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const { knex, config, clock, paymentOutcome } = request.server.app;
      const placed = await payGroupByCard(knex, config, paymentOutcome, {
        userId: currentUserId(request),
        requestId: request.params.requestId,
        card: p.card_token ? { token: p.card_token } : { userCardId: Number(p.user_card_id) },
        now: clock.now(),
      });
      return ok(
        h,
        { orderId: placed.orderId, payment: paymentStartAnswer(placed.payment, request.app.locale) },
        {},
        201,
      );
    },
  }),
];
