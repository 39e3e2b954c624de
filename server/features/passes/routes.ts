// The visitor's pass routes (issue 29, server/features/passes/README.md 2.7 and 2.14): member cards and visits.
// Signed in; a kids account may read its own card (the server gives it no other).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { MAX_IMAGE_BYTES } from '../../../common/rules/images';
import { DomainError } from '../../lib/errors';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { dateTime, envelope, int, shape } from '../../lib/responses';
import { answers, id, ok } from '../../lib/routeKit';
import { fields, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { CART_LINE, presentLine } from '../carts';
import { readPassPhoto, setHolderPhoto, uploadPassPhoto } from './photos';
import { MEMBER_CARDS_ANSWER, PASS_VISITS_ANSWER } from './responses';
import { listMemberCards } from './services/listMemberCards';
import { listPassVisits } from './services/listPassVisits';
import { reissueCard } from './services/reissueCard';
import { startRenewal } from './services/startRenewal';

const RENEWAL_ANSWER = {
  status: { 201: envelope(CART_LINE, shape({ parkId: int(), serverTime: dateTime() })) },
};

export const passRoutes: ServerRoute[] = [
  route({
    method: 'POST',
    path: '/api/v1/me/passes/{passId}/renewal',
    options: {
      response: RENEWAL_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'passes'],
      description:
        "Renew a pass through the cart: adds a pass line priced by the renewal plan with the pass's holders (checkout as a purchase); the new term continues from the old end. From the window's start (60 days before the end by default) through the end; not for kids accounts",
      plugins: answers({
        200: null,
        201: 'Renewal line added to the cart',
        404: 'No such pass of yours',
        409: 'Not renewable now (passNotRenewable)',
      }),
      validate: { params: fields({ passId: id() }) },
    },
    async handler(request, h) {
      const now = request.server.app.clock.now();
      const { line, parkId, catalogue } = await startRenewal(
        request.server.app.knex,
        currentUserId(request),
        request.params.passId,
        now,
      );
      return ok(h, presentLine(line, catalogue, request.app.locale), { parkId, serverTime: now.toISOString() }, 201);
    },
  }),
  {
    method: 'GET',
    path: '/api/v1/me/passes',
    options: {
      response: MEMBER_CARDS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'passes'],
      description:
        "Member cards: one per holder of the caller's annual passes, and the caller's own card where the caller is a holder (a kids account sees only its own); current term first, then a paid next one, each with its signed QR token (version 3) while it can be shown",
    },
    async handler(request, h) {
      return ok(
        h,
        await listMemberCards(request.server.app.knex, currentUserId(request), {
          locale: request.app.locale,
          appSecret: request.server.app.config.appSecret,
          now: request.server.app.clock.now(),
        }),
      );
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/me/passes/{passId}/visits',
    options: {
      response: PASS_VISITS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'passes'],
      description:
        "Days the pass's holders entered a park, newest first (date, park, first entry time and gate, entries); the owner sees every holder, a holder only itself",
      plugins: answers({ 404: 'No such pass of yours' }),
      validate: { params: fields({ passId: id() }), query: fields(pagingQuery) },
    },
    async handler(request, h) {
      const { passId } = request.params;
      const { page, per_page } = request.query;
      const { visits, total } = await listPassVisits(
        request.server.app.knex,
        currentUserId(request),
        passId,
        page,
        per_page,
        request.app.locale,
      );
      return ok(h, visits, pageMeta(page, per_page, total));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/pass-photos',
    options: {
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'passes'],
      description:
        "Upload a holder's face photo, multipart: `photo` (JPEG or PNG judged by content, at most 10MB). Stored upright without any metadata (EXIF, GPS), at 480 px, with a 96 px thumbnail for gates; then linked to a holder (PUT …/holders/{holderId}/photo). Not for kids accounts",
      plugins: answers({
        200: null,
        201: { description: 'The photo id', data: { type: 'object', required: ['id'] } },
        400: 'A file that cannot be read as a picture (photoUnreadable)',
        413: 'Over 10MB (photoTooLarge)',
        415: 'Not a JPEG or PNG by its content (photoType)',
      }),
      payload: {
        output: 'data',
        parse: true,
        multipart: { output: 'data' },
        maxBytes: MAX_IMAGE_BYTES + 64 * 1024,
        failAction: () => {
          throw new DomainError('photoTooLarge');
        },
      },
      validate: { payload: fields({ photo: Joi.binary().required() }) },
    },
    async handler(request, h) {
      const uploaded = await uploadPassPhoto(request.server.app.knex, currentUserId(request), request.payload.photo);
      return h.response({ data: uploaded, meta: {} }).code(201).header('cache-control', 'private, no-store');
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/passes/{passId}/holders/{holderId}/photo',
    options: {
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'passes'],
      description:
        "Make an uploaded photo the holder's: the card and the gates show it (marked unreviewed until the park reviews it); a photo of the holder still waiting for review is replaced. The owner of the pass only",
      plugins: answers({
        200: { description: 'Linked', data: { type: 'object', required: ['photoId'] } },
        400: 'Not an upload of yours, or one linked to another holder (invalidParam, photo_id)',
        404: 'No such pass or holder of yours',
      }),
      validate: {
        params: fields({ passId: id(), holderId: id() }),
        payload: fields({ photo_id: Joi.string().guid().required() }),
      },
    },
    async handler(request, h) {
      const { passId, holderId } = request.params;
      const photoId = request.payload.photo_id;
      await setHolderPhoto(request.server.app.knex, currentUserId(request), passId, holderId, photoId);
      return ok(h, { photoId });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/passes/{passId}/holders/{holderId}/reissue',
    options: {
      response: { status: { 200: envelope(shape({ revoked: int() })) } },
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'passes'],
      description:
        "A holder's card on a new phone: the card's live QR codes are revoked (gates refuse the old phone's card after their next sync) and the next read of the cards on this phone issues a new one; the owner is told in the inbox. The pass's owner, the holder, or a kids-account holder's parent; not for kids accounts; five a day per holder",
      plugins: answers({
        200: 'Reissued: how many QR codes were revoked',
        404: 'No such pass or holder of yours',
        429: 'Five reissues of this holder today already (rateLimited)',
      }),
      validate: { params: fields({ passId: id(), holderId: id() }) },
    },
    async handler(request, h) {
      const { passId, holderId } = request.params;
      const now = request.server.app.clock.now();
      return ok(h, await reissueCard(request.server.app.knex, currentUserId(request), passId, holderId, now));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/pass-photos/{id}',
    options: {
      auth: REQUIRED,
      tags: ['api', 'passes'],
      description: "A holder's face photo (480 px JPEG): for its uploader, the pass's owner and the holder",
      plugins: answers({ 200: { description: 'The image', kind: 'binary' }, 404: 'No such photo you may see' }),
      validate: { params: fields({ id: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const image = await readPassPhoto(request.server.app.knex, currentUserId(request), request.params.id);
      return h.response(image).type('image/jpeg').header('cache-control', 'private, max-age=86400');
    },
  }),
];
