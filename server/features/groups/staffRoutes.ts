// The park's back office for group visits (issue 31): settings (editor), the requests (any role), approve with the
// price and exemptions or decline with a reason (editor), record the bank transfer (finance), documents and
// invoices.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { LOCALES } from '../../../common/enums';
import { GROUP_REQUEST_STATES } from '../../../common/rules/groupRequestState';
import { answers, id, ok, PRIVATE, text } from '../../lib/routeKit';
import { parkParams, staffOnly } from '../../lib/staffRouteKit';
import { fields, listOf, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import { ARRIVALS, ONE_REQUEST, PAID, REQUEST_LIST, SETTINGS_ANSWER } from './responses';
import { admitGroup, groupArrivals } from './services/admitGroup';
import { approveGroupRequest } from './services/approveGroupRequest';
import { declineGroupRequest } from './services/declineGroupRequest';
import { getGroupDocument, getGroupRequest } from './services/getGroupRequest';
import { groupInvoicePdf } from './services/groupInvoicePdf';
import { listGroupRequests } from './services/listGroupRequests';
import { recordGroupTransfer } from './services/recordGroupTransfer';
import { saveGroupSettings } from './services/saveGroupSettings';
import { readGroupSettings } from './settings';

const requestParams = fields({ parkId: id(), requestId: id() });
const yen = () => Joi.number().integer().min(0).max(100_000_000);
const BASE = '/api/v1/staff/parks/{parkId}';

export const staffGroupRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: `${BASE}/group-settings`,
    options: {
      ...staffOnly('any'),
      response: { status: { 200: SETTINGS_ANSWER } },
      description: "The park's group settings",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      return ok(h, await readGroupSettings(request.server.app.knex, request.params.parkId));
    },
  }),
  route({
    method: 'PUT',
    path: `${BASE}/group-settings`,
    options: {
      ...staffOnly('editor'),
      response: { status: { 200: SETTINGS_ANSWER } },
      plugins: answers({ 400: 'A field is wrong (invalidParam names it; minSize above maxSize)' }),
      description: "Set the park's group settings: size limits, exemption kinds, bank account, days to pay",
      validate: {
        params: parkParams,
        payload: fields({
          minSize: Joi.number().integer().min(1).max(100_000).required(),
          maxSize: Joi.number().integer().min(1).max(100_000).required(),
          exemptionKinds: listOf(Joi.string().trim().min(1).max(20)).max(20).required(),
          bankAccount: text(500, { multiline: true }).allow('').required(),
          paymentDays: Joi.number().integer().min(1).max(90).required(),
        }),
      },
    },
    async handler(request, h) {
      const saved = await saveGroupSettings(request.server.app.knex, {
        parkId: request.params.parkId,
        actorUserId: currentUserId(request),
        settings: request.payload,
      });
      return ok(h, saved);
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/group-requests`,
    options: {
      ...staffOnly('any'),
      response: { status: { 200: REQUEST_LIST } },
      description: "The park's group requests, newest first (optionally of one state)",
      validate: { params: parkParams, query: fields({ state: optional(oneOf(GROUP_REQUEST_STATES)) }) },
    },
    async handler(request, h) {
      const list = await listGroupRequests(
        request.server.app.knex,
        { parkId: request.params.parkId, state: request.query.state },
        request.app.locale,
      );
      return ok(h, list).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/group-requests/{requestId}`,
    options: {
      ...staffOnly('any'),
      response: { status: { 200: ONE_REQUEST } },
      plugins: answers({ 404: 'Not a request of the park' }),
      description: 'One group request of the park',
      validate: { params: requestParams },
    },
    async handler(request, h) {
      const one = await getGroupRequest(
        request.server.app.knex,
        request.params.requestId,
        { parkId: request.params.parkId },
        request.app.locale,
      );
      return ok(h, one).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/group-requests/{requestId}/document`,
    options: {
      ...staffOnly('any'),
      plugins: answers({
        200: { description: 'The exemption document (PDF, PNG or JPEG)', kind: 'binary' },
        404: 'Not a request of the park, or no document',
      }),
      description: "A group request's exemption document",
      validate: { params: requestParams },
    },
    async handler(request, h) {
      const doc = await getGroupDocument(request.server.app.knex, request.params.requestId, {
        parkId: request.params.parkId,
      });
      return h.response(doc.bytes).type(doc.mime).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/group-requests/{requestId}/invoice.pdf`,
    options: {
      ...staffOnly('any'),
      plugins: answers({
        200: { description: 'The invoice (請求書) as PDF', kind: 'binary' },
        404: 'Not a request of the park',
        409: 'Not approved (groupRequestState)',
      }),
      description: "An approved group request's invoice",
      validate: { params: requestParams, query: fields({ lang: optional(oneOf(LOCALES)) }) },
    },
    async handler(request, h) {
      const pdf = await groupInvoicePdf(
        request.server.app.knex,
        request.params.requestId,
        { parkId: request.params.parkId },
        request.query.lang ?? request.app.locale,
      );
      return h.response(pdf).type('application/pdf').header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/group-requests/{requestId}/approve`,
    options: {
      ...staffOnly('editor'),
      plugins: answers({
        204: 'Approved: places held until the due date, the requester told',
        200: null,
        400: 'A field is wrong, or an exemption the park does not grant',
        404: 'Not a request of the park',
        409: 'Not waiting for a decision (groupRequestState), or too few places left (soldOut)',
      }),
      description: 'Approve a group request with its price and the exemptions applied; holds its places',
      validate: {
        params: requestParams,
        payload: fields({ price: yen().required(), exemptions: listOf(Joi.string().max(20)).max(20).required() }),
      },
    },
    async handler(request, h) {
      await approveGroupRequest(request.server.app.knex, {
        ...request.params,
        actorUserId: currentUserId(request),
        price: request.payload.price,
        exemptions: request.payload.exemptions,
        now: request.server.app.clock.now(),
      });
      return h.response().code(204);
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/group-requests/{requestId}/decline`,
    options: {
      ...staffOnly('editor'),
      plugins: answers({
        204: 'Declined, the requester told',
        200: null,
        400: 'No reason (required names reason)',
        404: 'Not a request of the park',
        409: 'Not waiting for a decision (groupRequestState)',
      }),
      description: 'Decline a group request with a reason',
      validate: { params: requestParams, payload: fields({ reason: text(500, { multiline: true }).required() }) },
    },
    async handler(request, h) {
      await declineGroupRequest(request.server.app.knex, {
        ...request.params,
        actorUserId: currentUserId(request),
        reason: request.payload.reason,
        now: request.server.app.clock.now(),
      });
      return h.response().code(204);
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/group-requests/{requestId}/transfer`,
    options: {
      ...staffOnly('finance'),
      response: { status: { 200: PAID } },
      plugins: answers({
        400: 'The amount is not the invoiced price (groupTransferAmount)',
        404: 'Not a request of the park',
        409: 'Not approved and unpaid (groupRequestState)',
      }),
      description: "Record an approved group's bank transfer: the order is paid and the group's tickets issued",
      validate: { params: requestParams, payload: fields({ amount: yen().required() }) },
    },
    async handler(request, h) {
      const paid = await recordGroupTransfer(request.server.app.knex, {
        ...request.params,
        actorUserId: currentUserId(request),
        amount: request.payload.amount,
        now: request.server.app.clock.now(),
      });
      return ok(h, paid);
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/group-requests/{requestId}/arrivals`,
    options: {
      ...staffOnly('any'),
      response: { status: { 200: ARRIVALS } },
      plugins: answers({ 404: 'Not a request of the park' }),
      description: 'How many of a paid group have entered, and how many are left',
      validate: { params: requestParams },
    },
    async handler(request, h) {
      const a = await groupArrivals(request.server.app.knex, request.params.parkId, request.params.requestId);
      return ok(h, a).header('cache-control', PRIVATE);
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/group-requests/{requestId}/admissions`,
    options: {
      ...staffOnly('scanner'),
      response: { status: { 200: ARRIVALS } },
      plugins: answers({
        400: 'A field is wrong (invalidParam names it)',
        404: 'Not a request of the park',
        409: 'Not paid (groupRequestState), not the day of use (ticketWrongDay), or more than are left (groupAdmitTooMany)',
      }),
      description:
        "The gate admits `count` people of a paid group (partial arrivals: the rest later that day); idempotent by scanId; never more than the group's count",
      validate: {
        params: requestParams,
        payload: fields({
          scanId: Joi.string().guid().required(),
          count: Joi.number().integer().min(1).max(100_000).required(),
          scannedAt: optional(Joi.date().iso()),
          deviceId: optional(Joi.string().max(64)),
          gateName: optional(Joi.string().max(40)),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const now = request.server.app.clock.now();
      const a = await admitGroup(request.server.app.knex, {
        ...request.params,
        count: p.count,
        scanId: p.scanId,
        scannedAt: p.scannedAt ?? now,
        staffUserId: currentUserId(request),
        deviceId: p.deviceId ?? null,
        gateName: p.gateName ?? null,
        now,
      });
      return ok(h, a);
    },
  }),
];
