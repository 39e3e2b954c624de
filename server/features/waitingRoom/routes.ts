// The waiting room of a high-demand sale (issue 30): take a place, poll it, get the admission the cart asks for,
// and read the published pre-queue order. Signed-in visitors or guests (x-guest-user-id; a guest's place needs the
// bot check, as sign-up does).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { DomainError, notFound } from '../../lib/errors';
import { clientIp } from '../../lib/request';
import { answers, id, ok } from '../../lib/routeKit';
import { fields, optional, orNoBody, route } from '../../lib/typedInput';
import { holderOf, requiredHolder } from './holder';
import { ADMISSION_ANSWER, JOINED_ANSWER, RANKING_ANSWER, STATUS_ANSWER } from './responses';
import { issueAdmission } from './services/admission';
import { joinQueue } from './services/joinQueue';
import { publishedRanking } from './services/publishedRanking';
import { queueStatus, statusOf } from './services/queueStatus';

const TRY = { mode: 'try' as const };
const params = () => fields({ id: id() });
const GUESTS = 'Signed-in visitors, or guests by their `x-guest-user-id`.';
/** How long the status poll takes a session checked before as valid: the longest Retry-After (frontier.ts). */
export const STATUS_SESSION_CHECK_MS = 30_000;

/** The status poll, also served alone by the status worker (statusServer.ts): keep it free of what that lacks. */
export const waitingRoomStatusRoute: ServerRoute = route({
  method: 'GET',
  path: '/api/v1/items/{id}/waiting-room',
  options: {
    auth: TRY,
    // Polled by everyone in the queue, each every 2-30 s (Retry-After): a session checked within the longest wait
    // spares a read per poll. It answers the caller's own place only; the admission and the cart check each time.
    app: { sessionCheckMs: STATUS_SESSION_CHECK_MS },
    response: STATUS_ANSWER,
    plugins: answers({ 404: 'No such item' }),
    tags: ['api', 'waitingRoom'],
    description: `The item's waiting room (state none: it sells without one) and the caller's place in it (position, people ahead, estimate). Cheap: poll it. ${GUESTS}`,
    validate: { params: params() },
  },
  async handler(request, h) {
    const { knex, clock } = request.server.app;
    const status = await queueStatus(knex, request.params.id, holderOf(request)?.key ?? null, clock.now());
    if (!status) throw notFound();
    // Polite polling: the page waits this long before asking again.
    return ok(h, status).header('retry-after', String(status.pollAfterSeconds));
  },
});

export const waitingRoomRoutes: ServerRoute[] = [
  waitingRoomStatusRoute,
  route({
    method: 'POST',
    path: '/api/v1/items/{id}/waiting-room',
    options: {
      auth: TRY,
      app: { access: 'parent' },
      response: JOINED_ANSWER,
      plugins: answers({
        201: 'In the queue (the same place again for the same account or guest)',
        200: null,
        400: 'A guest without a passed bot check (botCheckFailed)',
        404: 'The item has no waiting room',
        409: 'The waiting room is closed (waitingRoomNotActive)',
      }),
      tags: ['api', 'waitingRoom'],
      description: `Take a place in the item's waiting room: before the opening in the pre-queue (drawn at the opening), after it in arrival order; one per account or guest. ${GUESTS}`,
      validate: {
        params: params(),
        payload: orNoBody(fields({ bot_token: optional(Joi.string().max(4096).error(new Error('botCheckFailed'))) })),
      },
    },
    async handler(request, h) {
      const { knex, clock, botVerifier } = request.server.app;
      const owner = requiredHolder(request);
      if (
        !owner.signedIn &&
        !(await botVerifier.verify(request.payload?.bot_token, clientIp(request as unknown as Request)))
      ) {
        throw new DomainError('botCheckFailed');
      }
      const now = clock.now();
      const joined = await joinQueue(knex, request.params.id, owner.key, now);
      // The room as the join left it, not the poll's cache (a room made within its second would read as none): the
      // join's own statement answers it, or it is read.
      const status = joined
        ? statusOf(request.params.id, joined.room, joined.readAt, joined.place, now)
        : await queueStatus(knex, request.params.id, owner.key, now, true);
      return ok(h, status, {}, 201);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/items/{id}/waiting-room/admission',
    options: {
      auth: TRY,
      app: { access: 'parent' },
      response: ADMISSION_ANSWER,
      plugins: answers({
        201: 'The admission token (send it as `x-admission-token` when adding the item to the cart)',
        200: null,
        409: 'Not your turn yet, no place, already used or closed (waitingRoomNotYet, waitingRoomNoPlace, waitingRoomAdmissionUsed, waitingRoomNotActive)',
      }),
      tags: ['api', 'waitingRoom'],
      description: `Once the queue has reached the caller's place: a single-use admission to add the item to the cart, valid for the room's minutes. ${GUESTS}`,
      validate: { params: params() },
    },
    async handler(request, h) {
      const { knex, clock, config } = request.server.app;
      const owner = requiredHolder(request);
      const a = await issueAdmission(knex, config.appSecret, request.params.id, owner.key, clock.now());
      return ok(h, { token: a.token, expiresAt: a.expiresAt.toISOString() }, {}, 201);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/items/{id}/waiting-room/ranking',
    options: {
      auth: TRY,
      response: RANKING_ANSWER,
      plugins: answers({ 404: 'The item has no waiting room' }),
      tags: ['api', 'waitingRoom'],
      description:
        "The pre-queue's commitment (SHA-256 of the seed) and, after the opening, the seed and the pre-queue's entry ids in the order let in: `npm run queue:verify` recomputes it",
      validate: { params: params() },
    },
    async handler(request, h) {
      const p = await publishedRanking(request.server.app.knex, request.params.id, request.server.app.clock.now());
      if (!p) throw notFound();
      return ok(h, p);
    },
  }),
];
