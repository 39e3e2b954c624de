// Answer schemas of the staff area's routes (common/dto/staff.ts), for the OpenAPI document (server/lib/responses.ts).
// The gate's day tickets and flagged acts are precise at top level and loose inside (their fields grow with the gate).
import Joi from 'joi';
import { STAFF_ROLES } from '../../../common/dto/staff';
import { bool, day, envelope, int, loose, nullable, shape, str } from '../../lib/responses';

const NO_META = Joi.object({});
const ROLE = Joi.valid(...STAFF_ROLES);
const ROLES = Joi.array().items(ROLE);

/** A park's occupancy on a day (common/dto/staff.ts Occupancy). */
export const OCCUPANCY = shape({
  date: day(),
  inside: int(),
  entries: int(),
  exits: int(),
  hours: Joi.array().items(shape({ hour: int(), entries: int(), exits: int(), inside: int() })),
});
const STAFF_PARK = shape({
  id: int(),
  name: str(),
  roles: ROLES,
  today: shape({ date: day(), tickets: int(), admitted: int(), toReview: int(), occupancy: OCCUPANCY }),
  slotWindow: shape({ beforeMinutes: int(), afterMinutes: int() }),
  items: Joi.array().items(shape({ id: int(), name: str() })),
});
const OFFICE_OVERVIEW = shape({
  twoFactor: bool(),
  parks: Joi.array().items(shape({ parkId: int(), name: str(), roles: ROLES, requireTotp: bool() })),
});
const DAY_TICKETS = shape({
  parkId: int(),
  date: day(),
  tickets: Joi.array().items(loose()),
  // An opaque cursor: the next page, or the changes after this one (listDayTickets.ts).
  next: str(),
  more: bool(),
  asOf: str(),
});
const FLAGGED_ACT = shape({
  act: loose(),
  accepted: nullable(loose()),
  ticket: loose(),
  reviewedAt: nullable(str()),
  reviewedBy: nullable(str()),
});
const INVITATION = shape({
  id: str(),
  email: str(),
  role: ROLE,
  invitedBy: nullable(str()),
  expiresAt: str(),
  createdAt: str(),
});
const MEMBERS = shape({
  requireTotp: bool(),
  members: Joi.array().items(
    shape({ userId: int(), name: str(), email: nullable(str()), roles: ROLES, twoFactor: bool() }),
  ),
  invitations: Joi.array().items(INVITATION),
});
const MEMBER_ROLES = shape({ userId: int(), roles: ROLES });
const AUDIT_ENTRY = shape({
  id: str(),
  at: str(),
  actor: nullable(shape({ userId: int(), name: str() })),
  entity: str(),
  entityId: str(),
  action: str(),
  before: Joi.any(),
  after: Joi.any(),
});

export const STAFF_PARKS_ANSWER = { status: { 200: envelope(Joi.array().items(STAFF_PARK), NO_META) } };
export const OFFICE_OVERVIEW_ANSWER = { status: { 200: envelope(OFFICE_OVERVIEW, NO_META) } };
export const DAY_TICKETS_ANSWER = { status: { 200: envelope(DAY_TICKETS, NO_META) } };
export const FLAGGED_ACTS_ANSWER = { status: { 200: envelope(Joi.array().items(FLAGGED_ACT), NO_META) } };
export const REVIEWED_ANSWER = { status: { 200: envelope(FLAGGED_ACT, NO_META) } };
export const MEMBERS_ANSWER = { status: { 200: envelope(MEMBERS, NO_META) } };
export const INVITED_ANSWER = { status: { 201: envelope(INVITATION, NO_META) } };
export const MEMBER_ROLES_ANSWER = { status: { 200: envelope(MEMBER_ROLES, NO_META) } };
export const TWO_FACTOR_ANSWER = {
  status: { 200: envelope(shape({ requireTotp: bool() }), shape({ message: str() })) },
};
export const AUDIT_ANSWER = {
  status: { 200: envelope(Joi.array().items(AUDIT_ENTRY), shape({ next: nullable(str()) })) },
};
export const INVITATION_ACCEPTED_ANSWER = { status: { 200: envelope(shape({ parkId: int(), role: ROLE }), NO_META) } };
