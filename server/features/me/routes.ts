import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { message } from '../../../common/messages';
import { FACE_PHOTO_TYPES, GATE_PHOTO_TYPES, ICON_TYPES, MAX_IMAGE_BYTES } from '../../../common/rules/images';
import { DomainError } from '../../lib/errors';
import { formBody } from '../../lib/formBody';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, id } from '../../lib/routeKit';
import { fields, oneOfNumbers, optional, orNoBody, orNull, route } from '../../lib/typedInput';
import { email, isoDate, password, personName, telephone } from '../../lib/validation';
import { type AuthCredentials, EXPIRY_COOKIE, REQUIRED, tokenCookieName } from '../../plugins/auth';
import {
  CHILD_ADDED_ANSWER,
  CHILD_ANSWER,
  CHILD_UPDATED_ANSWER,
  CHILDREN_ANSWER,
  DONE_ANSWER,
  ICON_ANSWER,
  NOTIFICATION_SWITCH_ANSWER,
  PARENT_ANSWER,
  PHOTO_ADDED_ANSWER,
  PROFILE_ANSWER,
  PROFILE_UPDATED_ANSWER,
} from './responses';
import { changePassword } from './services/changePassword';
import { deleteAccount } from './services/deleteAccount';
import { createChild, getChild, getParent, listChildren, updateChild } from './services/family';
import { getProfile } from './services/getProfile';
import { proveOwner } from './services/proveOwner';
import { saveUpload } from './services/saveUpload';
import { updateProfile } from './services/updateProfile';

const who = (request: Pick<Request, 'auth'>) => request.auth.credentials as AuthCredentials;
const done = (request: Pick<Request, 'app'>, key: Parameters<typeof message>[0], data: unknown = null) => ({
  data,
  meta: { message: message(key, request.app.locale) },
});

/** The caller of a route declared `access: 'parent'` (a kid, or a parent acting as a kid, never gets here). */
const parentOnly = (request: Pick<Request, 'auth'>): number => who(request).userId;

const childPayload = fields({ name: personName(), birthdate: isoDate() });
const childParams = fields({ id: id() });

export const meRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/me',
    options: {
      response: PROFILE_ANSWER,
      plugins: answers({ 404: 'The account is gone' }),
      auth: REQUIRED,
      tags: ['api', 'me'],
      description: 'The signed-in profile',
    },
    async handler(request, h) {
      const c = who(request);
      const profile = await getProfile(request.server.app.knex, c.userId, c.actorId);
      return h.response({ data: profile, meta: {} }).header('cache-control', 'private, no-store');
    },
  },
  route({
    method: 'PUT',
    path: '/api/v1/me',
    options: {
      response: PROFILE_UPDATED_ANSWER,
      plugins: answers({
        403: 'Changing the address needs the current password or a fresh sign-in',
        404: 'The account is gone',
        409: 'Address already registered (emailTaken)',
      }),
      auth: REQUIRED,
      tags: ['api', 'me'],
      description: 'Update name, email, telephone, prefecture_id, birthdate, language (and gender)',
      validate: {
        payload: fields({
          name: personName(),
          email: optional(orNull(email())),
          telephone: optional(telephone()),
          prefecture_id: optional(Joi.number().integer().min(-1).max(47)),
          birthdate: optional(orNull(isoDate().allow(''))),
          language: optional(oneOfNumbers([0, 1])),
          gender: optional(oneOfNumbers([0, 1, 2])),
          current_password: optional(Joi.string().max(128)),
        }),
      },
    },
    async handler(request) {
      const c = who(request);
      const { app } = request.server;
      const { emailChangeSent } = await updateProfile(app.knex, app, c, request.payload);
      const profile = await getProfile(app.knex, c.userId, c.actorId);
      const key = emailChangeSent ? 'emailChangeSent' : 'accountUpdated';
      return { data: profile, meta: { code: key, message: message(key, request.app.locale) } };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me',
    options: {
      response: DONE_ANSWER,
      plugins: answers({
        403: 'Wrong password or no fresh sign-in',
        503: 'The card provider is unreachable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'me'],
      description:
        'Delete the account (and its kids accounts): `password` (accounts without one: a sign-in in the last 10 minutes)',
      validate: { payload: orNoBody(fields({ password: optional(Joi.string().max(128)) })) },
    },
    async handler(request, h) {
      const c = who(request);
      await proveOwner(request.server.app.knex, c, request.payload?.password);
      await deleteAccount(request.server.app.knex, request.server.app.config, c.userId);
      return h
        .response(done(request, 'accountDeleted'))
        .unstate(tokenCookieName(request.server.app.config.publicUrl))
        .unstate(EXPIRY_COOKIE);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/reset-password',
    options: {
      response: DONE_ANSWER,
      plugins: answers({ 422: 'Wrong current password (currentPasswordWrong)' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'me'],
      description: 'Change the password (or set one for accounts made with a social provider)',
      validate: {
        payload: fields({
          current_password: optional(Joi.string().max(128).allow('')),
          password: password(),
          password_confirmation: Joi.string()
            .valid(Joi.ref('password'))
            .required()
            .error(new Error('passwordMismatch')),
        }),
      },
    },
    async handler(request) {
      const userId = parentOnly(request);
      const p = request.payload;
      await changePassword(request.server.app.knex, userId, who(request).sessionId, p.current_password, p.password);
      return done(request, 'passwordChanged');
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/notification',
    options: {
      response: NOTIFICATION_SWITCH_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'me'],
      description: 'Switch notifications on or off',
      validate: { payload: fields({ enabled: Joi.boolean() }) },
    },
    async handler(request) {
      const c = who(request);
      const { enabled } = request.payload;
      await request.server.app
        .knex('users')
        .where({ id: c.userId })
        .update({ notifications_enabled: enabled, updated_at: new Date() });
      return done(request, 'accountUpdated', { notifications_enabled: enabled });
    },
  }),
  {
    method: 'POST',
    path: '/api/v1/me/icon',
    options: {
      response: ICON_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'me'],
      description: 'Upload a new icon (JPEG or PNG, at most 10MB), multipart field "icon"',
      plugins: {
        openapi: { body: Joi.object({ icon: Joi.binary().required().description('JPEG or PNG, at most 10MB') }) },
      },
      payload: {
        output: 'data',
        parse: true,
        multipart: { output: 'data' },
        maxBytes: MAX_IMAGE_BYTES + 64 * 1024,
        failAction: () => {
          throw new DomainError('photoTooLarge');
        },
      },
    },
    async handler(request) {
      const c = who(request);
      const icon = formBody(request.payload).file('icon');
      if (!icon) throw new DomainError('photoType');
      const { knex } = request.server.app;
      const url = await knex.transaction(async (trx) => {
        const id = await saveUpload(trx, c.userId, 'icon', icon, ICON_TYPES);
        const iconUrl = `/api/v1/uploads/${id}`;
        await trx('users').where({ id: c.userId }).update({ icon_url: iconUrl, updated_at: new Date() });
        return iconUrl;
      });
      return done(request, 'accountUpdated', { icon_url: url });
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/me/childs',
    options: {
      response: CHILDREN_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'me'],
      description: "The parent's kids accounts",
      validate: { query: fields(pagingQuery) },
    },
    async handler(request) {
      const userId = parentOnly(request);
      const { page, per_page } = request.query;
      const all = await listChildren(request.server.app.knex, userId);
      return { data: all.slice((page - 1) * per_page, page * per_page), meta: pageMeta(page, per_page, all.length) };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/childs',
    options: {
      response: CHILD_ADDED_ANSWER,
      plugins: answers({ 200: null, 201: 'Kids account created', 409: 'Set a password first (kidNeedsPassword)' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'me'],
      description: 'Create a kids account (the parent must have a password)',
      validate: { payload: childPayload },
    },
    async handler(request, h) {
      const userId = parentOnly(request);
      const child = await createChild(request.server.app.knex, userId, request.payload);
      return h.response(done(request, 'accountUpdated', child)).code(201);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/childs/{id}',
    options: {
      response: CHILD_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'me'],
      description: 'One of your kids accounts',
      validate: { params: childParams },
    },
    async handler(request) {
      const userId = parentOnly(request);
      return { data: await getChild(request.server.app.knex, userId, request.params.id), meta: {} };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/childs/{id}',
    options: {
      response: CHILD_UPDATED_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'me'],
      description: 'Edit one of your kids accounts',
      validate: { params: childParams, payload: childPayload },
    },
    async handler(request) {
      const userId = parentOnly(request);
      const child = await updateChild(request.server.app.knex, userId, request.params.id, request.payload);
      return done(request, 'accountUpdated', child);
    },
  }),
  {
    method: 'GET',
    path: '/api/v1/me/parent',
    options: {
      response: PARENT_ANSWER,
      plugins: answers({ 404: 'Not a kids account' }),
      auth: REQUIRED,
      tags: ['api', 'me'],
      description: 'The parent of this kids account',
    },
    async handler(request) {
      return { data: await getParent(request.server.app.knex, who(request).userId), meta: {} };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/photos',
    options: {
      response: PHOTO_ADDED_ANSWER,
      plugins: {
        openapi: {
          responses: { 200: null, 201: 'Photo stored' },
          body: Joi.object({
            photo: Joi.binary().required().description('At most 10MB: JPEG or PNG for a face, JPEG for a gate'),
            purpose: Joi.string().valid('face', 'gate').required(),
          }),
        },
      },
      auth: REQUIRED,
      tags: ['api', 'me'],
      description:
        'Upload a photo for advance information, multipart: `photo` (at most 10MB) and `purpose` face (JPEG or PNG) ' +
        "or gate (JPEG only); answers `{ id }`, the value to put in the cart line's advance_info",
      payload: {
        output: 'data',
        parse: true,
        multipart: { output: 'data' },
        maxBytes: MAX_IMAGE_BYTES + 64 * 1024,
        failAction: () => {
          throw new DomainError('photoTooLarge');
        },
      },
    },
    async handler(request, h) {
      const c = who(request);
      const body = formBody(request.payload);
      const purpose = body.text('purpose');
      if (purpose !== 'face' && purpose !== 'gate') throw new DomainError('invalidParam', { field: 'purpose' });
      const photo = body.file('photo');
      if (!photo) throw new DomainError(purpose === 'gate' ? 'gatePhotoType' : 'photoType');
      const allowed = purpose === 'face' ? FACE_PHOTO_TYPES : GATE_PHOTO_TYPES;
      let id: string;
      try {
        id = await saveUpload(request.server.app.knex, c.userId, purpose, photo, allowed);
      } catch (err) {
        // The gate photo has its own wording (JPEG only).
        if (purpose === 'gate' && err instanceof DomainError && err.key === 'photoType') {
          throw new DomainError('gatePhotoType');
        }
        throw err;
      }
      return h.response({ data: { id }, meta: {} }).code(201).header('cache-control', 'private, no-store');
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/uploads/{id}',
    options: {
      plugins: answers({ 200: { description: 'The image', kind: 'binary' } }),
      auth: REQUIRED,
      tags: ['api', 'me'],
      description: 'An uploaded photo; only its owner (or their parent) can see it',
      validate: { params: fields({ id: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const c = who(request);
      const row = await request.server.app
        .knex('uploads')
        .leftJoin('users', 'users.id', 'uploads.owner_id')
        .where('uploads.id', request.params.id)
        .first('uploads.bytes', 'uploads.content_type', 'uploads.owner_id', 'users.parent_id');
      // The owner, or the owner's parent. Not the other way: a kids session (even one a parent opened) never sees
      // the parent's photos.
      const allowed = row && (row.ownerId === c.userId || row.parentId === c.userId);
      if (!allowed) throw new DomainError('notFound');
      return h.response(row.bytes).type(row.contentType).header('cache-control', 'private, max-age=86400');
    },
  }),
];
