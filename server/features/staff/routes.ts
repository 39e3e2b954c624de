// The staff area's API (the gate scanner; the back office adds its own). Every route declares the staff role it
// needs (`app: { access: { staff } }`, enforced by the auth plugin for the path's parkId, or for some park when the
// object names the park: the service checks it). POST api/v1/staff/scans lives with the wallet (the act rule).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { STAFF_AUDIT_ENTITIES, STAFF_ROLES } from '../../../common/dto/staff';
import { message } from '../../../common/messages';
import { tokyoDate } from '../../../common/time';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { fields, listOf, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import {
  AUDIT_ANSWER,
  DAY_TICKETS_ANSWER,
  FLAGGED_ACTS_ANSWER,
  INVITATION_ACCEPTED_ANSWER,
  INVITED_ANSWER,
  MEMBER_ROLES_ANSWER,
  MEMBERS_ANSWER,
  OFFICE_OVERVIEW_ANSWER,
  REVIEWED_ANSWER,
  STAFF_PARKS_ANSWER,
  TWO_FACTOR_ANSWER,
} from './responses';
import { acceptInvitation } from './services/acceptInvitation';
import { changeMemberRoles } from './services/changeMemberRoles';
import { listFlaggedActs, reviewAct } from './services/flaggedActs';
import { inviteMember } from './services/inviteMember';
import { listAudit } from './services/listAudit';
import { DAY_CURSOR, DAY_PAGE_MAX, listDayTickets } from './services/listDayTickets';
import { listMembers } from './services/listMembers';
import { listStaffParks } from './services/listStaffParks';
import { officeOverview } from './services/officeOverview';
import { removeMember } from './services/removeMember';
import { setParkTwoFactor } from './services/setParkTwoFactor';

const SCANNER = { access: { staff: 'scanner' as const } };
const OWNER = { access: { staff: 'owner' as const } };
const FORBIDDEN = answers({ 403: 'Not staff of the park with this role (notParkStaff)' });
const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;
const parkParams = fields({ parkId: id() });
const memberParams = fields({ parkId: id(), userId: id() });

export const staffRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks',
    options: {
      response: STAFF_PARKS_ANSWER,
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
    path: '/api/v1/staff/office',
    options: {
      response: OFFICE_OVERVIEW_ANSWER,
      auth: REQUIRED,
      app: { access: { staff: 'any' as const } },
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description:
        "The back office's home: the caller's parks with their roles and whether each requires two-factor sign-in, and whether the caller has it on",
    },
    async handler(request, h) {
      return ok(h, await officeOverview(knexOf(request), currentUserId(request), request.app.locale));
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/tickets',
    options: {
      response: DAY_TICKETS_ANSWER,
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description:
        "A page of the park's tickets for a day (default today, Asia/Tokyo) that changed since the cursor (without one: the whole day), with state, time of use, the act that marked each (source, device, gate) and the live token id, for gates to keep offline; ask again with cursor=next while more, and keep next for the next sync",
      validate: {
        params: parkParams,
        query: fields({
          date: optional(isoDate()),
          cursor: optional(Joi.string().pattern(DAY_CURSOR)),
          limit: Joi.number().integer().min(1).max(DAY_PAGE_MAX).default(2000),
        }),
      },
      // 3 MB of JSON a page: gzip's fastest level takes a third of the default's time on it for 6% more bytes.
      compression: { gzip: { level: 1 } },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const q = request.query;
      return ok(
        h,
        await listDayTickets(
          knexOf(request),
          parkId,
          q.date ?? tokyoDate(),
          q.cursor ?? null,
          q.limit,
          request.app.locale,
        ),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/scans',
    options: {
      response: FLAGGED_ACTS_ANSWER,
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description:
        "Flagged acts on the park's tickets (duplicates across devices, scans of revoked tokens or cancelled tickets, clock suspects), newest first, each with the act that marked the ticket: to review (default) or reviewed",
      validate: { params: parkParams, query: fields({ reviewed: Joi.boolean().default(false) }) },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const { reviewed } = request.query;
      return ok(h, await listFlaggedActs(knexOf(request), parkId, reviewed, request.app.locale));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/scans/{scanId}/review',
    options: {
      response: REVIEWED_ANSWER,
      auth: REQUIRED,
      app: SCANNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description: 'Mark a flagged act reviewed (staff of its ticket’s park); reviewing again answers it as it is',
      validate: { params: fields({ scanId: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const { scanId } = request.params;
      return ok(h, await reviewAct(knexOf(request), currentUserId(request), scanId, request.app.locale));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/members',
    options: {
      response: MEMBERS_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description: "The park's staff with their roles, and the invitations not yet accepted (owners)",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      return ok(h, await listMembers(knexOf(request), parkId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/invitations',
    options: {
      response: INVITED_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({ 200: null, 201: 'Invited: the link was mailed', 403: 'Not owner of the park (notParkStaff)' }),
      tags: ['api', 'staff'],
      description:
        'Invite an e-mail address to a role at the park (owners): a link valid 7 days is mailed; accepting it adds the role',
      validate: {
        params: parkParams,
        payload: fields({
          email: Joi.string().trim().email({ tlds: false }).max(254),
          role: oneOf(STAFF_ROLES),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const p = request.payload;
      const { knex, mailer, config } = request.server.app;
      const invitation = await inviteMember(
        { knex, mailer, config },
        { parkId, actorUserId: currentUserId(request), email: p.email, role: p.role, locale: request.app.locale },
      );
      return ok(h, invitation, {}, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/members/{userId}',
    options: {
      response: MEMBER_ROLES_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({
        403: 'Not owner of the park (notParkStaff)',
        409: 'The last owner cannot be removed (lastOwner)',
      }),
      tags: ['api', 'staff'],
      description:
        "Remove a member's roles at the park (one with ?role=, else all; owners). Their next request is refused",
      validate: {
        params: memberParams,
        query: fields({ role: optional(oneOf(STAFF_ROLES)) }),
      },
    },
    async handler(request, h) {
      const { parkId, userId } = request.params;
      const { role } = request.query;
      return ok(h, await removeMember(knexOf(request), { parkId, actorUserId: currentUserId(request), userId, role }));
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/members/{userId}',
    options: {
      response: MEMBER_ROLES_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({
        403: 'Not owner of the park (notParkStaff)',
        404: 'Not a member of the park',
        409: 'The last owner cannot be demoted (lastOwner)',
      }),
      tags: ['api', 'staff'],
      description:
        "Set a member's roles at the park (the whole set; owners): their next request has them. Recorded in the audit trail",
      validate: {
        params: memberParams,
        payload: fields({ roles: listOf(oneOf(STAFF_ROLES)).min(1).unique() }),
      },
    },
    async handler(request, h) {
      const { parkId, userId } = request.params;
      const { roles } = request.payload;
      return ok(
        h,
        await changeMemberRoles(knexOf(request), { parkId, actorUserId: currentUserId(request), userId, roles }),
      );
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/two-factor',
    options: {
      response: TWO_FACTOR_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({
        403: 'Not owner of the park (notParkStaff)',
        409: 'The owner has not turned on two-factor sign-in (totpSetupFirst)',
      }),
      tags: ['api', 'staff'],
      description:
        'Require (or stop requiring) two-factor sign-in of every member: members without it are refused on the ' +
        "park's staff routes (totpRequiredByPark) until they turn it on",
      validate: { params: parkParams, payload: fields({ required: Joi.boolean() }) },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const { required } = request.payload;
      const data = await setParkTwoFactor(knexOf(request), parkId, currentUserId(request), required);
      return ok(h, data, { message: message('parkSecurityUpdated', request.app.locale) });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/audit',
    options: {
      response: AUDIT_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: FORBIDDEN,
      tags: ['api', 'staff'],
      description:
        "The park's audit trail: every change by staff (who, when, entity, before and after), newest first, of one member (actor), one kind of thing (entity) or one Asia/Tokyo day (date) when asked; ask again with before=next",
      validate: {
        params: parkParams,
        query: fields({
          before: optional(Joi.number().integer().min(1).max(Number.MAX_SAFE_INTEGER)),
          limit: Joi.number().integer().min(1).max(200).default(50),
          entity: optional(oneOf(STAFF_AUDIT_ENTITIES)),
          actor: optional(id()),
          date: optional(isoDate()),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const q = request.query;
      const { entries, next } = await listAudit(knexOf(request), parkId, q);
      return ok(h, entries, { next });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/staff-invitations',
    options: {
      response: INVITATION_ACCEPTED_ANSWER,
      auth: REQUIRED,
      plugins: answers({
        403: 'The invitation is for another e-mail address (invitationOtherEmail)',
        404: 'The link is unknown, used or expired (invitationInvalid)',
      }),
      tags: ['api', 'staff'],
      description: 'Accept an invitation to park staff: the signed-in account (the invited address) gets the role',
      validate: { payload: fields({ token: Joi.string().trim().min(16).max(128) }) },
    },
    async handler(request, h) {
      const { token } = request.payload;
      return ok(h, await acceptInvitation(knexOf(request), currentUserId(request), token));
    },
  }),
];
