// The back office's park profile: editors and owners read and change the park's texts, contact, hours and calendar
// (closing days as ranges).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { camelKeys, id, isoDate, ok, text } from '../../lib/routeKit';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { loadOfficeProfile } from './officeProfile';
import { OFFICE_PROFILE_ANSWER } from './responses';
import { type ProfileFields, saveOfficeProfile } from './services/saveOfficeProfile';

const hhmm = () => Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/);
const optional = (max: number, multiline = false) => text(max, { multiline }).allow(null, '').empty('');
const params = Joi.object({ parkId: id().required() });

const payload = Joi.object({
  name_ja: text(255).min(1),
  name_en: optional(255),
  description_ja: text(5000, { multiline: true }).min(1),
  description_en: optional(5000, true),
  address_ja: text(255).min(1),
  address_en: optional(255),
  phone: Joi.string().pattern(/^[0-9+\-() ]{6,20}$/),
  website_url: Joi.string()
    .uri({ scheme: ['https', 'http'] })
    .max(255),
  inquiry_email: Joi.string().email().max(255),
  open_time: hhmm(),
  close_time: hhmm(),
  last_entry_time: hhmm().allow(null),
  business_hours_note_ja: optional(1000, true),
  business_hours_note_en: optional(1000, true),
  closed_days_note_ja: optional(1000, true),
  closed_days_note_en: optional(1000, true),
  access_ja: optional(2000, true),
  access_en: optional(2000, true),
  // A timed ticket enters at the gate from this many minutes before its slot's start to this many after.
  gate_slot_before_minutes: Joi.number().integer().min(0).max(720),
  gate_slot_after_minutes: Joi.number().integer().min(0).max(720),
  closed_weekdays: Joi.array().items(Joi.number().integer().min(1).max(7)).max(7),
  special_days: Joi.array()
    .items(
      Joi.object({
        date: isoDate().required(),
        kind: Joi.string().valid('closed', 'open', 'extended').required(),
        open_time: hhmm().allow(null).default(null),
        close_time: hhmm().allow(null).default(null),
        note_ja: text(255).min(1).required(),
        note_en: optional(255).default(null),
      }),
    )
    .max(400),
  closures: Joi.array()
    .items(
      Joi.object({
        from: isoDate().required(),
        to: isoDate().required(),
        note_ja: text(255).min(1).required(),
        note_en: optional(255).default(null),
      }),
    )
    .max(200),
}).min(1);

export const staffParkRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/profile',
    options: {
      response: OFFICE_PROFILE_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: "The park's profile, hours, closed weekdays and special days, as its editors edit them",
      validate: { params },
    },
    async handler(request, h) {
      const profile = await loadOfficeProfile(request.server.app.knex, (request.params as { parkId: number }).parkId);
      if (!profile) throw notFound();
      return ok(h, profile);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/profile',
    options: {
      response: OFFICE_PROFILE_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description:
        'Change the fields given: texts, contact, hours, closed weekdays (1 Monday … 7 Sunday), special days (the whole list) and closures (from-to ranges with a reason, the whole list: they then own the closed days, and special_days beside them are the open and extended days)',
      validate: { params, payload },
    },
    async handler(request, h) {
      return ok(
        h,
        await saveOfficeProfile(request.server.app.knex, {
          parkId: (request.params as { parkId: number }).parkId,
          actorUserId: currentUserId(request),
          fields: camelKeys<ProfileFields>(request.payload),
        }),
      );
    },
  },
];
