// The visitor's pass routes (issue 29, server/features/passes/README.md 2.7 and 2.14): member cards and visits.
// Signed in; a kids account may read its own card (the server gives it no other).
import type { ServerRoute } from '@hapi/hapi';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { dateTime, envelope, int, shape } from '../../lib/responses';
import { answers, id, ok } from '../../lib/routeKit';
import { fields, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { CART_LINE, presentLine } from '../carts';
import { MEMBER_CARDS_ANSWER, PASS_VISITS_ANSWER } from './responses';
import { listMemberCards } from './services/listMemberCards';
import { listPassVisits } from './services/listPassVisits';
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
];
