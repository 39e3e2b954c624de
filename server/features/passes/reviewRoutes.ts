// The park's review of holders' face photos (README 2.5): editors and owners list the pending photos of the park's
// passes and approve or reject each (a rejection needs a reason, 1-200 characters).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { dateTime, envelope, int, nullable, shape, str } from '../../lib/responses';
import { answers, id, ok, text } from '../../lib/routeKit';
import { parkParams, staffOnly } from '../../lib/staffRouteKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import { listPendingPhotos } from './review/listPendingPhotos';
import { reviewPassPhoto } from './review/reviewPhoto';

const QUEUE_ANSWER = envelope(
  Joi.array().items(
    shape({
      photoId: str(),
      holderId: int(),
      passNumber: str(),
      name: str(),
      uploadedAt: dateTime(),
      url: str(),
      previousApprovedUrl: nullable(str()),
    }),
  ),
);

export const passReviewRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-photos',
    options: {
      response: { status: { 200: QUEUE_ANSWER } },
      ...staffOnly('editor'),
      description: "The review queue: pending face photos of holders of the park's passes, oldest first",
      validate: { params: parkParams, query: fields({ state: optional(oneOf(['pending'] as const)) }) },
    },
    async handler(request, h) {
      return ok(h, await listPendingPhotos(request.server.app.knex, request.params.parkId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/pass-photos/{photoId}/review',
    options: {
      ...staffOnly('editor'),
      plugins: answers({
        204: 'Reviewed',
        200: null,
        400: 'A rejection without a reason (required names reason)',
        404: "Not a photo of a holder of the park's passes",
        409: 'Reviewed already or replaced (passPhotoReviewed)',
      }),
      description: "Approve a holder's pending photo, or reject it with a reason (the owner and holder are told)",
      validate: {
        params: fields({ parkId: id(), photoId: Joi.string().guid() }),
        payload: fields({
          decision: oneOf(['approve', 'reject'] as const),
          reason: optional(text(200).allow('')),
        }),
      },
    },
    async handler(request, h) {
      await reviewPassPhoto(request.server.app.knex, {
        ...request.params,
        actorUserId: currentUserId(request),
        decision: request.payload.decision,
        reason: request.payload.reason,
        now: request.server.app.clock.now(),
      });
      return h.response().code(204);
    },
  }),
];
