// Wallet pass routes (thin: validate, call one service, answer). The owner's pass and save link live under
// /api/v1/me (someone else's ticket: 404); the PassKit web service under /api/passkit speaks Apple's protocol,
// authorised per serial by `Authorization: ApplePass <authenticationToken>`.
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { envelope, shape, str } from '../../lib/responses';
import { answers, id, ok, PRIVATE } from '../../lib/routeKit';
import { fields, optional, orNoBody, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import type { WalletPassConfig } from './certificates';
import { passAuthorised } from './passAuth';
import { parseSerial } from './passContent';
import { changedSerials, registerDevice, unregisterDevice } from './services/deviceRegistrations';
import { googleSaveLink, memberGoogleSaveLink } from './services/googleSaveLink';
import { latestPkpass, ownMemberPkpass, ownTicketPkpass, type PassOptions } from './services/ticketPkpass';

const PKPASS = 'application/vnd.apple.pkpass';
const ticketParams = fields({ id: Joi.string().guid() });
const cardParams = fields({ passId: id(), holderId: id() });
const token = () =>
  Joi.string()
    .min(1)
    .max(128)
    .pattern(/^[\w.-]+$/);
const deviceParams = fields({ device: token(), passType: token(), serial: token() });

/** `walletConfig` is read on first use: the local test chain is made only by a server that signs a pass. */
export function walletPassRoutes(walletConfig: () => WalletPassConfig): ServerRoute[] {
  const opts = (request: Pick<Request, 'server'>): PassOptions => ({
    appSecret: request.server.app.config.appSecret,
    now: request.server.app.clock.now(),
    publicUrl: request.server.app.config.publicUrl,
    wallet: walletConfig(),
  });
  const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;
  /** The serial this request may speak for, or null (401). */
  const authorisedSerial = (
    request: Pick<Request, 'server'> & { headers: Record<string, unknown> },
    passType: string,
    serial: string,
  ) => {
    const parsed = parseSerial(serial);
    if (passType !== walletConfig().apple.passTypeIdentifier || !parsed) return null;
    return passAuthorised(
      request.server.app.config.appSecret,
      serial,
      request.headers.authorization as string | undefined,
    )
      ? parsed
      : null;
  };
  const unauthorised = (h: ResponseToolkit) => h.response().code(401);
  // Apple's protocol (bare JSON, no envelope), not this API: kept out of the OpenAPI document (no 'api' tag).
  const PASSKIT = { auth: false as const, tags: ['passkit'] };

  return [
    route({
      method: 'GET',
      path: '/api/v1/me/tickets/{id}/pkpass',
      options: {
        auth: REQUIRED,
        tags: ['api', 'wallet'],
        description: "The ticket as an Apple Wallet pass (.pkpass, signed); the owner's only",
        plugins: answers({ 200: { description: 'The signed .pkpass', kind: 'binary' }, 404: 'Not your ticket' }),
        validate: { params: ticketParams },
      },
      async handler(request, h) {
        const p = await ownTicketPkpass(knexOf(request), currentUserId(request), request.params.id, opts(request));
        return h
          .response(p.pkpass)
          .type(PKPASS)
          .header('content-disposition', `attachment; filename="${p.filename}"`)
          .header('cache-control', PRIVATE);
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/me/passes/{passId}/holders/{holderId}/pkpass',
      options: {
        auth: REQUIRED,
        tags: ['api', 'wallet'],
        description:
          "A member card as an Apple Wallet pass (.pkpass, signed): holder's name and photo, pass number, validity and the card's QR; the pass's owner or the holder only",
        plugins: answers({ 200: { description: 'The signed .pkpass', kind: 'binary' }, 404: 'Not your card' }),
        validate: { params: cardParams },
      },
      async handler(request, h) {
        const { passId, holderId } = request.params;
        const p = await ownMemberPkpass(knexOf(request), currentUserId(request), passId, holderId, opts(request));
        return h
          .response(p.pkpass)
          .type(PKPASS)
          .header('content-disposition', `attachment; filename="${p.filename}"`)
          .header('cache-control', PRIVATE);
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/me/tickets/{id}/google-wallet',
      options: {
        auth: REQUIRED,
        tags: ['api', 'wallet'],
        description: "The ticket's Save to Google Wallet link (a signed JWT with an eventTicketObject)",
        response: { status: { 200: envelope(shape({ url: str() })) } },
        plugins: answers({ 200: 'The link to open', 404: 'Not your ticket' }),
        validate: { params: ticketParams },
      },
      async handler(request, h) {
        return ok(h, await googleSaveLink(knexOf(request), currentUserId(request), request.params.id, opts(request)));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/me/passes/{passId}/holders/{holderId}/google-wallet',
      options: {
        auth: REQUIRED,
        tags: ['api', 'wallet'],
        description: "A member card's Save to Google Wallet link (a signed JWT with a genericObject); owner or holder",
        response: { status: { 200: envelope(shape({ url: str() })) } },
        plugins: answers({ 200: 'The link to open', 404: 'Not your card' }),
        validate: { params: cardParams },
      },
      async handler(request, h) {
        const { passId, holderId } = request.params;
        return ok(
          h,
          await memberGoogleSaveLink(knexOf(request), currentUserId(request), passId, holderId, opts(request)),
        );
      },
    }),
    route({
      method: 'POST',
      path: '/api/passkit/v1/devices/{device}/registrations/{passType}/{serial}',
      options: {
        ...PASSKIT,
        description: 'PassKit: a device registers a pass for update pushes',
        plugins: answers({
          201: { description: 'Registered', kind: 'none' },
          200: { description: 'Already registered', kind: 'none' },
          400: { description: 'No push token', kind: 'none' },
          401: { description: 'Bad ApplePass token', kind: 'none' },
        }),
        validate: { params: deviceParams, payload: orNoBody(fields({ pushToken: token() })) },
      },
      async handler(request, h) {
        const { device, passType, serial } = request.params;
        const pass = authorisedSerial(request, passType, serial);
        const pushToken = request.payload?.pushToken;
        if (!pass) return unauthorised(h);
        if (!pushToken) return h.response().code(400);
        const r = await registerDevice(knexOf(request), {
          deviceId: device,
          passTypeId: passType,
          serial,
          ticketId: pass.ticketId,
          pushToken,
        });
        return h.response().code(r === 'created' ? 201 : 200);
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/passkit/v1/devices/{device}/registrations/{passType}/{serial}',
      options: {
        ...PASSKIT,
        description: 'PassKit: a device unregisters a pass',
        plugins: answers({
          200: { description: 'Unregistered', kind: 'none' },
          401: { description: 'Bad ApplePass token', kind: 'none' },
        }),
        validate: { params: deviceParams },
      },
      async handler(request, h) {
        const { device, passType, serial } = request.params;
        if (!authorisedSerial(request, passType, serial)) return unauthorised(h);
        await unregisterDevice(knexOf(request), device, passType, serial);
        return h.response().code(200);
      },
    }),
    route({
      method: 'GET',
      path: '/api/passkit/v1/devices/{device}/registrations/{passType}',
      options: {
        ...PASSKIT,
        description: 'PassKit: the serials of a device changed since a tag',
        response: {
          status: {
            200: Joi.object({ serialNumbers: Joi.array().items(Joi.string()), lastUpdated: Joi.string() }),
          },
        },
        plugins: answers({
          200: { description: 'The changed serials and the tag to ask from next time (PassKit format, no envelope)' },
          204: 'None changed or none registered',
        }),
        validate: {
          params: fields({ device: token(), passType: token() }),
          query: fields({ passesUpdatedSince: optional(Joi.string().pattern(/^\d{1,16}$/)) }),
        },
      },
      async handler(request, h) {
        const since = request.query.passesUpdatedSince;
        const r = await changedSerials(
          knexOf(request),
          request.params.device,
          request.params.passType,
          since === undefined ? null : Number(since),
        );
        if (!r || r.serialNumbers.length === 0) return h.response().code(204);
        return h.response(r).code(200).header('cache-control', PRIVATE);
      },
    }),
    route({
      method: 'GET',
      path: '/api/passkit/v1/passes/{passType}/{serial}',
      options: {
        ...PASSKIT,
        description: 'PassKit: the latest version of a pass',
        plugins: answers({
          200: { description: 'The signed .pkpass', kind: 'binary' },
          401: { description: 'Bad ApplePass token', kind: 'none' },
        }),
        validate: { params: fields({ passType: token(), serial: token() }) },
      },
      async handler(request, h) {
        const pass = authorisedSerial(request, request.params.passType, request.params.serial);
        if (!pass) return unauthorised(h);
        const pkpass = await latestPkpass(knexOf(request), pass.ticketId, pass.userId, opts(request));
        return h.response(pkpass).type(PKPASS).header('cache-control', PRIVATE);
      },
    }),
    route({
      method: 'POST',
      path: '/api/passkit/v1/log',
      options: {
        ...PASSKIT,
        description: 'PassKit: devices report errors here; they go to the server log',
        plugins: answers({ 200: { description: 'Logged', kind: 'none' } }),
        validate: { payload: fields({ logs: Joi.array().items(Joi.string().max(2000)).max(50) }) },
      },
      handler(request, h) {
        request.log(['passkit'], { logs: request.payload.logs });
        return h.response().code(200);
      },
    }),
  ];
}
