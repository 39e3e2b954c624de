// The staff area's API (the gate scanner; the back office adds its own). Every route declares the staff role it
// needs (`app: { access: { staff } }`, enforced by the auth plugin for the path's parkId, or for some park when the
// object names the park: the service checks it). POST api/v1/staff/scans lives with the wallet (the act rule).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { tokyoDate } from '../../../common/time';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { listFlaggedActs, reviewAct } from './services/flaggedActs';
import { DAY_PAGE_MAX, listDayTickets } from './services/listDayTickets';
import { listStaffParks } from './services/listStaffParks';

const SCANNER = { access: { staff: 'scanner' as const } };
const FORBIDDEN = answers({ 403: 'Not staff of the park with this role (notParkStaff)' });
const knexOf = (request: Request) => request.server.app.knex;
const parkParams = Joi.object({ parkId: id().required() });

export const staffRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks',
    options: {
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description: "The parks the caller scans for, with today's tickets, admissions and flagged acts to review",
    },
    async handler(request, h) {
      return ok(h, await listStaffParks(knexOf(request), currentUserId(request), request.app.locale));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/tickets',
    options: {
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description:
        "A page of the park's tickets for a day (default today, Asia/Tokyo), by id: state, time of use, the act that marked each (source, device, gate) and the live token id, for gates to keep offline; ask again with after=next while more",
      validate: {
        params: parkParams,
        query: Joi.object({
          date: isoDate(),
          after: Joi.string().guid(),
          limit: Joi.number().integer().min(1).max(DAY_PAGE_MAX).default(2000),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      const q = request.query as { date?: string; after?: string; limit: number };
      return ok(
        h,
        await listDayTickets(
          knexOf(request),
          parkId,
          q.date ?? tokyoDate(),
          q.after ?? null,
          q.limit,
          request.app.locale,
        ),
      );
    },
  },
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/scans',
    options: {
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description:
        "Flagged acts on the park's tickets (duplicates across devices, scans of revoked tokens or cancelled tickets, clock suspects), newest first, each with the act that marked the ticket: to review (default) or reviewed",
      validate: { params: parkParams, query: Joi.object({ reviewed: Joi.boolean().default(false) }) },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      const { reviewed } = request.query as { reviewed: boolean };
      return ok(h, await listFlaggedActs(knexOf(request), parkId, reviewed, request.app.locale));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/scans/{scanId}/review',
    options: {
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description: 'Mark a flagged act reviewed (staff of its ticket’s park); reviewing again answers it as it is',
      validate: { params: Joi.object({ scanId: Joi.string().guid().required() }) },
    },
    async handler(request, h) {
      const { scanId } = request.params as { scanId: string };
      return ok(h, await reviewAct(knexOf(request), currentUserId(request), scanId, request.app.locale));
    },
  },
];
