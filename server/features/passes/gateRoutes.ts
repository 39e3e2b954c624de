// The gate's side of annual passes (README 2.9): the holders a park's gate devices keep for offline verdicts.
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answers, id, ok } from '../../lib/routeKit';
import { fields, optional, route } from '../../lib/typedInput';
import { REQUIRED } from '../../plugins/auth';
import {
  HOLDERS_CURSOR,
  HOLDERS_PAGE_DEFAULT,
  HOLDERS_PAGE_MAX,
  listGatePassHolders,
} from './gate/listGatePassHolders';
import { GATE_PASS_HOLDERS_ANSWER } from './gate/responses';

const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;

export const passGateRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-holders',
    options: {
      response: GATE_PASS_HOLDERS_ANSWER,
      auth: REQUIRED,
      app: { access: { staff: 'scanner' as const } },
      plugins: answers({ 403: 'Not staff of the park with this role (notParkStaff)' }),
      tags: ['api', 'staff'],
      description:
        "A page of the annual-pass holders the park's gates admit (passes of the park and of partner parks, not expired or cancelled) that changed since the cursor (without one: all of them), with term ticket ids, live token ids, validity, state and suspension reason, and the 96 px photo thumbnail when it changed; holders that left come once with removed: true. Ask again with cursor=next while more, and keep next for the next sync",
      validate: {
        params: fields({ parkId: id() }),
        query: fields({
          cursor: optional(Joi.string().pattern(HOLDERS_CURSOR)),
          limit: Joi.number().integer().min(1).max(HOLDERS_PAGE_MAX).default(HOLDERS_PAGE_DEFAULT),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const { cursor, limit } = request.query;
      return ok(h, await listGatePassHolders(knexOf(request), parkId, cursor ?? null, limit, request.app.locale));
    },
  }),
];
