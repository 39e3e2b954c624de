// Story photos and short movies: editors and owners of the park add them to its stories (multipart), change their
// alt text or place, remove them; anyone reads the files of published stories (the park's editors those of drafts
// too), with byte ranges for movies. Every change writes the park's audit trail.
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { message } from '../../../../common/messages';
import { DomainError } from '../../../lib/errors';
import { answers, id, NOT_MODIFIED, ok, text } from '../../../lib/routeKit';
import { fields, optional, orNull, route } from '../../../lib/typedInput';
import { type AuthCredentials, currentUserId, EDITOR, REQUIRED } from '../../../plugins/auth';
import { MAX_PHOTO_BYTES } from './photos';
import { addStoryMovie, MAX_MOVIE_BYTES, MAX_MOVIE_SECONDS } from './services/addStoryMovie';
import { addStoryPhoto } from './services/addStoryPhoto';
import { deleteStoryMedia } from './services/deleteStoryMedia';
import { mediaFileMeta, parseRange, readMediaBytes } from './services/readMediaFile';
import { updateStoryMedia } from './services/updateStoryMedia';

const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;
const storyParams = fields({ parkId: id(), storyId: id() });
const mediaParams = fields({ parkId: id(), storyId: id(), mediaId: Joi.string().guid() });
const alt = {
  alt_ja: text(300).min(1).description('Alt text in Japanese (what the photo shows), required'),
  alt_en: optional(orNull(text(300).allow('')).description('Alt text in English, optional')),
};
const MULTIPART = { output: 'data' as const, parse: true, multipart: { output: 'data' as const } };
const MEDIA = { type: 'object', description: 'The photo or movie with both alt texts (StaffStoryMedia)' };
const altOf = (p: { alt_ja: string; alt_en?: string | null }) => ({ altJa: p.alt_ja, altEn: p.alt_en ?? null });

export const storyMediaRoutes: ServerRoute[] = [
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/photos',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        200: null,
        201: { description: 'The photo, re-encoded', data: MEDIA },
        400: 'A file that cannot be read as a picture (photoUnreadable)',
        409: 'The story has 20 photos and movies already (mediaLimit)',
        413: 'Over 10MB (photoTooLarge)',
        415: 'Not a JPEG, PNG, WebP or HEIC by its content (mediaPhotoType)',
      }),
      tags: ['api', 'staff'],
      description:
        'Add a photo to a story, multipart: `photo` (JPEG, PNG, WebP or HEIC judged by content, at most 10MB), ' +
        '`alt_ja` (required) and `alt_en`. It is turned upright, stripped of all metadata (EXIF, GPS) and stored ' +
        'as AVIF and WebP at 480, 960 and 1600 px wide (never enlarged)',
      payload: {
        ...MULTIPART,
        maxBytes: MAX_PHOTO_BYTES + 64 * 1024,
        failAction: () => {
          throw new DomainError('photoTooLarge');
        },
      },
      validate: { params: storyParams, payload: fields({ photo: Joi.binary(), ...alt }) },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      const p = request.payload;
      const media = await addStoryPhoto(knexOf(request), parkId, storyId, currentUserId(request), p.photo, altOf(p));
      return ok(h, media, {}, 201);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/movies',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        200: null,
        201: { description: 'The movie and its poster', data: MEDIA },
        400: `Longer than ${MAX_MOVIE_SECONDS} s, or no length in the container, or an unreadable poster (movieTooLong, movieLengthUnknown, photoUnreadable)`,
        409: 'The story has 20 photos and movies already (mediaLimit)',
        413: 'The movie over 50MB or the poster over 10MB (movieTooLarge, photoTooLarge)',
        415: 'Not MP4 or WebM by its container (movieType), or a poster that is not a picture (mediaPhotoType)',
      }),
      tags: ['api', 'staff'],
      description:
        `Add a short movie to a story, multipart: \`movie\` (MP4 or WebM judged by its container, at most ${MAX_MOVIE_SECONDS} s ` +
        "by the container's duration, at most 50MB), `poster` (a photo, processed like story photos), `alt_ja` " +
        '(required) and `alt_en` describing it',
      payload: {
        ...MULTIPART,
        maxBytes: MAX_MOVIE_BYTES + MAX_PHOTO_BYTES + 64 * 1024,
        timeout: 120_000,
        failAction: () => {
          throw new DomainError('movieTooLarge', { max: MAX_MOVIE_BYTES / 1024 / 1024 });
        },
      },
      validate: {
        params: storyParams,
        payload: fields({ movie: Joi.binary(), poster: Joi.binary(), ...alt }),
      },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      const p = request.payload;
      const media = await addStoryMovie(knexOf(request), parkId, storyId, currentUserId(request), {
        movie: p.movie,
        poster: p.poster,
        ...altOf(p),
      });
      return ok(h, media, {}, 201);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/media/{mediaId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 200: { description: 'The photo or movie', data: MEDIA } }),
      tags: ['api', 'staff'],
      description: "Change a photo's or movie's alt text (ja required) and its place in the story (sort)",
      validate: {
        params: mediaParams,
        payload: fields({ ...alt, sort: optional(Joi.number().integer().min(0).max(1000)) }),
      },
    },
    async handler(request, h) {
      const { parkId, storyId, mediaId } = request.params;
      const p = request.payload;
      const input = { ...altOf(p), sort: p.sort };
      return ok(h, await updateStoryMedia(knexOf(request), parkId, storyId, mediaId, currentUserId(request), input));
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/media/{mediaId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 200: null, 204: 'Removed' }),
      tags: ['api', 'staff'],
      description: 'Remove a photo or movie from a story',
      validate: { params: mediaParams },
    },
    async handler(request, h) {
      const { parkId, storyId, mediaId } = request.params;
      await deleteStoryMedia(knexOf(request), parkId, storyId, mediaId, currentUserId(request));
      return h.response().code(204).header('cache-control', 'no-store');
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/media/{id}',
    options: {
      // Public files for everyone; signed in, a park's editors also get its unpublished ones (the preview).
      auth: { mode: 'try' },
      plugins: answers({
        200: { description: 'The file (AVIF, WebP, MP4 or WebM)', kind: 'binary' },
        206: { description: 'The requested byte range (Range: bytes=start-end)', kind: 'binary' },
        ...NOT_MODIFIED,
        416: 'The range is outside the file (rangeNotSatisfiable; Content-Range: bytes */size)',
      }),
      tags: ['api', 'stories'],
      description:
        "A file of a story's photo or movie: public once the story is published, before that only for the park's " +
        'editors and owners (the preview); supports one byte range (Range) for seeking in movies',
      validate: { params: fields({ id: Joi.string().guid() }) },
      response: { ranges: false },
    },
    async handler(request, h) {
      const { id: fileId } = request.params;
      const viewer = (request.auth.credentials as AuthCredentials | null)?.userId ?? null;
      const knex = knexOf(request);
      const meta = await mediaFileMeta(knex, fileId, viewer);
      const cache = meta.isPublic ? 'public, max-age=86400' : 'private, no-store';
      const range = parseRange(request.headers.range as string | undefined, meta.size);
      if (range === 'unsatisfiable') {
        // The error envelope like every 4xx, plus the size in Content-Range (RFC 9110).
        const meta416 = {
          status: 416,
          code: 'rangeNotSatisfiable',
          message: message('rangeNotSatisfiable', request.app.locale),
        };
        return h
          .response({ data: null, meta: meta416 })
          .code(416)
          .header('content-range', `bytes */${meta.size}`)
          .header('accept-ranges', 'bytes')
          .header('cache-control', cache);
      }
      const { start, end } = range ?? { start: 0, end: meta.size - 1 };
      const bytes = meta.size === 0 ? Buffer.alloc(0) : await readMediaBytes(knex, fileId, start, end);
      const res = h
        .response(bytes)
        .type(meta.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        // A file never changes under its id.
        .etag(fileId);
      if (range) res.code(206).header('content-range', `bytes ${start}-${end}/${meta.size}`);
      return res;
    },
  }),
];
