import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import {
  FAVORITE_TARGETS,
  type FavoriteListMeta,
  type FavoriteTarget,
  FOLLOW_TARGETS,
  type FollowListMeta,
  type FollowTarget,
} from '../../../common/dto/library';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { favorite } from './services/favorite';
import { favoriteStatus } from './services/favoriteStatus';
import { follow } from './services/follow';
import { followStatus } from './services/followStatus';
import { like } from './services/like';
import { likeStatus } from './services/likeStatus';
import { listFavorites } from './services/listFavorites';
import { listFollows } from './services/listFollows';
import { listLikes } from './services/listLikes';
import { unfavorite } from './services/unfavorite';
import { unfollow } from './services/unfollow';
import { unlike } from './services/unlike';

// The signed-in user's library: follows, likes, favourites. Every query is scoped to the caller's own user id
// (from the session, never from the request), so nobody can read or change another user's library. Kids
// accounts may use it too: they can browse stories. Answers are per user: never cached publicly.

const id = () => Joi.number().integer().min(1).max(2_147_483_647);
const PRIVATE = 'private, no-store';
const ok = (h: ResponseToolkit, data: unknown, meta: object = {}, code = 200) =>
  h.response({ data, meta }).code(code).header('cache-control', PRIVATE);
const knexOf = (request: Request) => request.server.app.knex;

const followTarget = {
  target_type: Joi.string()
    .valid(...FOLLOW_TARGETS)
    .required(),
  target_id: id().required(),
};
const favoriteTarget = {
  target_type: Joi.string()
    .valid(...FAVORITE_TARGETS)
    .required(),
  target_id: id().required(),
};

export const libraryRoutes: ServerRoute[] = [
  // Follows
  {
    method: 'GET',
    path: '/api/v1/me/follows',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Your follows (parks, park users, living things), newest first, with counts per kind',
      validate: { query: Joi.object({ target_type: Joi.string().valid(...FOLLOW_TARGETS), ...pagingQuery }) },
    },
    async handler(request, h) {
      const q = request.query as { target_type?: FollowTarget; page: number; per_page: number };
      const { entries, counts, total } = await listFollows(
        knexOf(request),
        currentUserId(request),
        { targetType: q.target_type, page: q.page, perPage: q.per_page },
        request.app.locale,
      );
      const meta: FollowListMeta = { ...pageMeta(q.page, q.per_page, total), counts };
      return ok(h, entries, meta);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/follows/status',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Whether you follow a park, park user or living thing',
      validate: { query: Joi.object(followTarget) },
    },
    async handler(request, h) {
      const q = request.query as { target_type: FollowTarget; target_id: number };
      return ok(h, await followStatus(knexOf(request), currentUserId(request), q.target_type, q.target_id));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/follows',
    options: {
      plugins: answers({ 201: 'Followed', 404: 'No such target' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Follow a park, park user or living thing (idempotent: 201 when new, 200 when already followed)',
      validate: { payload: Joi.object(followTarget) },
    },
    async handler(request, h) {
      const p = request.payload as { target_type: FollowTarget; target_id: number };
      const { created } = await follow(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, following: true }, {}, created ? 201 : 200);
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/follows/{target_type}/{target_id}',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Unfollow (404 when you do not follow it)',
      validate: { params: Joi.object(followTarget) },
    },
    async handler(request, h) {
      const p = request.params as unknown as { target_type: FollowTarget; target_id: number };
      await unfollow(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, following: false });
    },
  },

  // Likes
  {
    method: 'GET',
    path: '/api/v1/me/likes',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'The stories you like, most recently liked first',
      validate: { query: Joi.object(pagingQuery) },
    },
    async handler(request, h) {
      const q = request.query as { page: number; per_page: number };
      const { stories, total } = await listLikes(
        knexOf(request),
        currentUserId(request),
        { page: q.page, perPage: q.per_page },
        request.app.locale,
      );
      return ok(h, stories, pageMeta(q.page, q.per_page, total));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/likes/status',
    options: {
      plugins: answers({ 404: 'No such story' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Whether you like a story, with its like count',
      validate: { query: Joi.object({ story_id: id().required() }) },
    },
    async handler(request, h) {
      const { story_id } = request.query as { story_id: number };
      return ok(h, await likeStatus(knexOf(request), currentUserId(request), story_id));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/likes',
    options: {
      plugins: answers({ 201: 'Liked', 404: 'No such story' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Like a story (idempotent: a second like changes nothing)',
      validate: { payload: Joi.object({ story_id: id().required() }) },
    },
    async handler(request, h) {
      const { story_id } = request.payload as { story_id: number };
      const { created, ...status } = await like(knexOf(request), currentUserId(request), story_id);
      return ok(h, status, {}, created ? 201 : 200);
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/likes/{story_id}',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Remove your like (404 when you do not like it)',
      validate: { params: Joi.object({ story_id: id().required() }) },
    },
    async handler(request, h) {
      const { story_id } = request.params as unknown as { story_id: number };
      return ok(h, await unlike(knexOf(request), currentUserId(request), story_id));
    },
  },

  // Favourites
  {
    method: 'GET',
    path: '/api/v1/me/favorites',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Your favourite items and ticket packs, newest first, with counts per kind',
      validate: { query: Joi.object({ target_type: Joi.string().valid(...FAVORITE_TARGETS), ...pagingQuery }) },
    },
    async handler(request, h) {
      const q = request.query as { target_type?: FavoriteTarget; page: number; per_page: number };
      const { entries, counts, total } = await listFavorites(
        knexOf(request),
        currentUserId(request),
        { targetType: q.target_type, page: q.page, perPage: q.per_page },
        request.app.locale,
      );
      const meta: FavoriteListMeta = { ...pageMeta(q.page, q.per_page, total), counts };
      return ok(h, entries, meta);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/favorites/status',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Whether an item or ticket pack is one of your favourites',
      validate: { query: Joi.object(favoriteTarget) },
    },
    async handler(request, h) {
      const q = request.query as { target_type: FavoriteTarget; target_id: number };
      return ok(h, await favoriteStatus(knexOf(request), currentUserId(request), q.target_type, q.target_id));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/favorites',
    options: {
      plugins: answers({ 201: 'Added', 404: 'No such target' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Keep an item or ticket pack as a favourite (idempotent)',
      validate: { payload: Joi.object(favoriteTarget) },
    },
    async handler(request, h) {
      const p = request.payload as { target_type: FavoriteTarget; target_id: number };
      const { created } = await favorite(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, favorite: true }, {}, created ? 201 : 200);
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/favorites/{target_type}/{target_id}',
    options: {
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Remove a favourite (404 when it is not one of yours)',
      validate: { params: Joi.object(favoriteTarget) },
    },
    async handler(request, h) {
      const p = request.params as unknown as { target_type: FavoriteTarget; target_id: number };
      await unfavorite(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, favorite: false });
    },
  },
];
