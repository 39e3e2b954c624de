import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import {
  FAVORITE_TARGETS,
  type FavoriteListMeta,
  FOLLOW_TARGETS,
  type FollowListMeta,
} from '../../../common/dto/library';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, id } from '../../lib/routeKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import {
  FAVORITE_STATUS_ANSWER,
  FAVORITED_ANSWER,
  FAVORITES_ANSWER,
  FOLLOW_STATUS_ANSWER,
  FOLLOWED_ANSWER,
  FOLLOWS_ANSWER,
  LIKE_STATUS_ANSWER,
  LIKED_ANSWER,
  LIKES_ANSWER,
} from './responses';
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

const PRIVATE = 'private, no-store';
const ok = (h: ResponseToolkit, data: unknown, meta: object = {}, code = 200) =>
  h.response({ data, meta }).code(code).header('cache-control', PRIVATE);
const knexOf = (request: Request) => request.server.app.knex;

const followTarget = () => fields({ target_type: oneOf(FOLLOW_TARGETS), target_id: id() });
const favoriteTarget = () => fields({ target_type: oneOf(FAVORITE_TARGETS), target_id: id() });
const storyId = () => fields({ story_id: id() });

export const libraryRoutes: ServerRoute[] = [
  // Follows
  route({
    method: 'GET',
    path: '/api/v1/me/follows',
    options: {
      response: FOLLOWS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Your follows (parks, park users, living things), newest first, with counts per kind',
      validate: { query: fields({ target_type: optional(oneOf(FOLLOW_TARGETS)), ...pagingQuery }) },
    },
    async handler(request, h) {
      const q = request.query;
      const { entries, counts, total } = await listFollows(
        knexOf(request),
        currentUserId(request),
        { targetType: q.target_type, page: q.page, perPage: q.per_page },
        request.app.locale,
      );
      const meta: FollowListMeta = { ...pageMeta(q.page, q.per_page, total), counts };
      return ok(h, entries, meta);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/follows/status',
    options: {
      response: FOLLOW_STATUS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Whether you follow a park, park user or living thing',
      validate: { query: followTarget() },
    },
    async handler(request, h) {
      const q = request.query;
      return ok(h, await followStatus(knexOf(request), currentUserId(request), q.target_type, q.target_id));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/follows',
    options: {
      response: FOLLOWED_ANSWER,
      plugins: answers({ 201: 'Followed', 404: 'No such target' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Follow a park, park user or living thing (idempotent: 201 when new, 200 when already followed)',
      validate: { payload: followTarget() },
    },
    async handler(request, h) {
      const p = request.payload;
      const { created } = await follow(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, following: true }, {}, created ? 201 : 200);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/follows/{target_type}/{target_id}',
    options: {
      response: FOLLOW_STATUS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Unfollow (404 when you do not follow it)',
      validate: { params: followTarget() },
    },
    async handler(request, h) {
      const p = request.params;
      await unfollow(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, following: false });
    },
  }),

  // Likes
  route({
    method: 'GET',
    path: '/api/v1/me/likes',
    options: {
      response: LIKES_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'The stories you like, most recently liked first',
      validate: { query: fields(pagingQuery) },
    },
    async handler(request, h) {
      const q = request.query;
      const { stories, total } = await listLikes(
        knexOf(request),
        currentUserId(request),
        { page: q.page, perPage: q.per_page },
        request.app.locale,
      );
      return ok(h, stories, pageMeta(q.page, q.per_page, total));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/likes/status',
    options: {
      response: LIKE_STATUS_ANSWER,
      plugins: answers({ 404: 'No such story' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Whether you like a story, with its like count',
      validate: { query: storyId() },
    },
    async handler(request, h) {
      const { story_id } = request.query;
      return ok(h, await likeStatus(knexOf(request), currentUserId(request), story_id));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/likes',
    options: {
      response: LIKED_ANSWER,
      plugins: answers({ 201: 'Liked', 404: 'No such story' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Like a story (idempotent: a second like changes nothing)',
      validate: { payload: storyId() },
    },
    async handler(request, h) {
      const { story_id } = request.payload;
      const { created, ...status } = await like(knexOf(request), currentUserId(request), story_id);
      return ok(h, status, {}, created ? 201 : 200);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/likes/{story_id}',
    options: {
      response: LIKE_STATUS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Remove your like (404 when you do not like it)',
      validate: { params: storyId() },
    },
    async handler(request, h) {
      const { story_id } = request.params;
      return ok(h, await unlike(knexOf(request), currentUserId(request), story_id));
    },
  }),

  // Favourites
  route({
    method: 'GET',
    path: '/api/v1/me/favorites',
    options: {
      response: FAVORITES_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Your favourite items and ticket packs, newest first, with counts per kind',
      validate: { query: fields({ target_type: optional(oneOf(FAVORITE_TARGETS)), ...pagingQuery }) },
    },
    async handler(request, h) {
      const q = request.query;
      const { entries, counts, total } = await listFavorites(
        knexOf(request),
        currentUserId(request),
        { targetType: q.target_type, page: q.page, perPage: q.per_page },
        request.app.locale,
      );
      const meta: FavoriteListMeta = { ...pageMeta(q.page, q.per_page, total), counts };
      return ok(h, entries, meta);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/favorites/status',
    options: {
      response: FAVORITE_STATUS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Whether an item or ticket pack is one of your favourites',
      validate: { query: favoriteTarget() },
    },
    async handler(request, h) {
      const q = request.query;
      return ok(h, await favoriteStatus(knexOf(request), currentUserId(request), q.target_type, q.target_id));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/favorites',
    options: {
      response: FAVORITED_ANSWER,
      plugins: answers({ 201: 'Added', 404: 'No such target' }),
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Keep an item or ticket pack as a favourite (idempotent)',
      validate: { payload: favoriteTarget() },
    },
    async handler(request, h) {
      const p = request.payload;
      const { created } = await favorite(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, favorite: true }, {}, created ? 201 : 200);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/favorites/{target_type}/{target_id}',
    options: {
      response: FAVORITE_STATUS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'library'],
      description: 'Remove a favourite (404 when it is not one of yours)',
      validate: { params: favoriteTarget() },
    },
    async handler(request, h) {
      const p = request.params;
      await unfavorite(knexOf(request), currentUserId(request), p.target_type, p.target_id);
      return ok(h, { targetType: p.target_type, targetId: p.target_id, favorite: false });
    },
  }),
];
