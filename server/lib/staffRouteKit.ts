// What the back office's routes share (items, ticket packs, passes): who may call (signed in, a member of the park
// in the path with a role), the park path parameter, optional translated texts and the answer without meta.
import Joi from 'joi';
import type { StaffNeed } from '../../common/dto/staff';
import { REQUIRED } from '../plugins/auth';
import { id, text } from './routeKit';
import { fields, orNull } from './typedInput';

/** Signed in, a member of the park with `need` (owner always; 'any': every role), tagged for the OpenAPI staff group. */
export const staffOnly = (need: StaffNeed) => ({
  auth: REQUIRED,
  app: { access: { staff: need } },
  tags: ['api', 'staff'],
});

export const parkParams = fields({ parkId: id() });

/** A text that may be left out or blank (stored as null): the English texts. */
export const optionalText = (max: number, multiline = false) => orNull(text(max, { multiline })).allow('').empty('');

export const NO_META = Joi.object({});
