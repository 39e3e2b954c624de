// The back office's park profile: editors and owners read and change the park's texts, contact, hours and calendar
// (closing days as ranges).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { camelKeys, id, isoDate, ok, text } from '../../lib/routeKit';
import { allOptional, fields, listOf, oneOf, orNull, route } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { loadOfficeProfile } from './officeProfile';
import { OFFICE_PROFILE_ANSWER } from './responses';
import { saveOfficeProfile } from './services/saveOfficeProfile';

const hhmm = () => Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/);
const optionalText = (max: number, multiline = false) => orNull(text(max, { multiline })).allow('').empty('');
const params = fields({ parkId: id() });
const SPECIAL_DAY_KINDS = ['closed', 'open', 'extended'] as const;

/** Every field optional: a PUT changes what it names. */
const payload = fields(
  allOptional({
    name_ja: text(255).min(1),
    name_en: optionalText(255),
    description_ja: text(5000, { multiline: true }).min(1),
    description_en: optionalText(5000, true),
    address_ja: text(255).min(1),
    address_en: optionalText(255),
    phone: Joi.string().pattern(/^[0-9+\-() ]{6,20}$/),
    website_url: Joi.string()
      .uri({ scheme: ['https', 'http'] })
      .max(255),
    inquiry_email: Joi.string().email().max(255),
    open_time: hhmm(),
    close_time: hhmm(),
    last_entry_time: orNull(hhmm()),
    business_hours_note_ja: optionalText(1000, true),
    business_hours_note_en: optionalText(1000, true),
    closed_days_note_ja: optionalText(1000, true),
    closed_days_note_en: optionalText(1000, true),
    access_ja: optionalText(2000, true),
    access_en: optionalText(2000, true),
    // A timed ticket enters at the gate from this many minutes before its slot's start to this many after.
    gate_slot_before_minutes: Joi.number().integer().min(0).max(720),
    gate_slot_after_minutes: Joi.number().integer().min(0).max(720),
    closed_weekdays: listOf(Joi.number().integer().min(1).max(7)).max(7),
    special_days: listOf(
      fields({
        date: isoDate(),
        kind: oneOf(SPECIAL_DAY_KINDS),
        open_time: orNull(hhmm()).default(null),
        close_time: orNull(hhmm()).default(null),
        note_ja: text(255).min(1),
        note_en: optionalText(255).default(null),
      }),
    ).max(400),
    closures: listOf(
      fields({
        from: isoDate(),
        to: isoDate(),
        note_ja: text(255).min(1),
        note_en: optionalText(255).default(null),
      }),
    ).max(200),
  }),
).min(1);

export const staffParkRoutes: ServerRoute[] = [
  route({
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
      const profile = await loadOfficeProfile(request.server.app.knex, request.params.parkId);
      if (!profile) throw notFound();
      return ok(h, profile);
    },
  }),
  route({
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
          parkId: request.params.parkId,
          actorUserId: currentUserId(request),
          fields: camelKeys(request.payload),
        }),
      );
    },
  }),
];
