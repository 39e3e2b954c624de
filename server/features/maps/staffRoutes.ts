// The back office's map data: editors and owners of a park place and move markers, junctions and walkways, and set
// the GPS control points. Points are pixels of the park's illustrated map (y down).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { PLACE_KINDS } from '../../../common/dto/map';
import { answers, id, ok, text } from '../../lib/routeKit';
import { fields, oneOf, optional, route, type TypedRequest } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import {
  CONTROL_POINTS_ANSWER,
  EDGE_CREATED_ANSWER,
  NODE_CREATED_ANSWER,
  NODE_MOVED_ANSWER,
  OFFICE_MAP_ANSWER,
  PLACE_ANSWER,
  PLACE_CREATED_ANSWER,
  REMOVED_ANSWER,
} from './responses';
import { getOfficeMap } from './services/getOfficeMap';
import { createPlace, deletePlace, type PlaceFields, updatePlace } from './services/savePlace';
import { addEdge, addNode, deleteEdge, moveNode, setControlPoints } from './services/saveWalkways';

const px = () => Joi.number().min(0).max(100_000);
const code = () => Joi.string().pattern(/^[a-z0-9][a-z0-9-]{0,63}$/);
const parkParams = () => fields({ parkId: id() });
const placeFields = {
  code: code(),
  kind: oneOf(PLACE_KINDS),
  name_ja: text(120).min(1),
  name_en: optional(text(120).allow(null, '').empty('')),
  x: px(),
  y: px(),
  node_id: optional(id()),
};
const xy = () => fields({ x: px(), y: px() });

interface PlaceInput {
  code?: string;
  kind?: PlaceFields['kind'];
  name_ja?: string;
  name_en?: string | null;
  x?: number;
  y?: number;
  node_id?: number;
}

const placeOf = (p: PlaceInput): PlaceFields => ({
  code: p.code,
  kind: p.kind,
  nameJa: p.name_ja,
  nameEn: p.name_en,
  x: p.x,
  y: p.y,
  nodeId: p.node_id,
});

const actor = (request: TypedRequest<{ parkId: number }, Record<string, unknown>, object>) => ({
  parkId: request.params.parkId,
  actorUserId: currentUserId(request),
});

export const staffMapRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/map',
    options: {
      response: OFFICE_MAP_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: "The park's map data as its editors edit it: places, junctions, walkways, GPS control points",
      validate: { params: parkParams() },
    },
    async handler(request, h) {
      return ok(h, await getOfficeMap(request.server.app.knex, request.params.parkId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/map/places',
    options: {
      response: PLACE_CREATED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        201: 'Placed',
        200: null,
        404: 'The park has no map',
        409: 'Code already used (mapCodeTaken)',
      }),
      tags: ['api', 'staff'],
      description: 'Place a marker on the map (a route to it ends at node_id, else at the nearest junction)',
      validate: {
        params: parkParams(),
        payload: fields(placeFields),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const place = { ...placeOf(p), code: p.code, kind: p.kind, nameJa: p.name_ja, x: p.x, y: p.y };
      return ok(h, await createPlace(request.server.app.knex, { ...actor(request), fields: place }), {}, 201);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/map/places/{placeId}',
    options: {
      response: PLACE_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 409: 'Code already used (mapCodeTaken)' }),
      tags: ['api', 'staff'],
      description: 'Move or rename a marker (moved without node_id: its route ends at the nearest junction)',
      validate: {
        params: fields({ parkId: id(), placeId: id() }),
        payload: fields({
          code: optional(placeFields.code),
          kind: optional(placeFields.kind),
          name_ja: optional(placeFields.name_ja),
          name_en: placeFields.name_en,
          x: optional(placeFields.x),
          y: optional(placeFields.y),
          node_id: placeFields.node_id,
        }).min(1),
      },
    },
    async handler(request, h) {
      const { placeId } = request.params;
      const place = placeOf(request.payload);
      return ok(h, await updatePlace(request.server.app.knex, { ...actor(request), placeId, fields: place }));
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/map/places/{placeId}',
    options: {
      response: REMOVED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Remove a marker from the map',
      validate: { params: fields({ parkId: id(), placeId: id() }) },
    },
    async handler(request, h) {
      const { placeId } = request.params;
      await deletePlace(request.server.app.knex, { ...actor(request), placeId });
      return ok(h, { id: placeId });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/map/nodes',
    options: {
      response: NODE_CREATED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 201: 'Added', 200: null, 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: 'Add a walkway junction',
      validate: { params: parkParams(), payload: xy() },
    },
    async handler(request, h) {
      const p = request.payload;
      return ok(h, await addNode(request.server.app.knex, { ...actor(request), ...p }), {}, 201);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/map/nodes/{nodeId}',
    options: {
      response: NODE_MOVED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Move a walkway junction',
      validate: {
        params: fields({ parkId: id(), nodeId: id() }),
        payload: xy(),
      },
    },
    async handler(request, h) {
      const { nodeId } = request.params;
      const p = request.payload;
      return ok(h, await moveNode(request.server.app.knex, { ...actor(request), nodeId, ...p }));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/map/edges',
    options: {
      response: EDGE_CREATED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 201: 'Added', 200: null, 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: 'Add a walkway between two junctions (length from the map scale unless given; steps, rise, roof)',
      validate: {
        params: parkParams(),
        payload: fields({
          from: id(),
          to: id(),
          length_m: optional(Joi.number().min(0.1).max(10_000)),
          steps: Joi.number().integer().min(0).max(1000).default(0),
          rise_m: Joi.number().min(-100).max(100).default(0),
          roofed: Joi.boolean().default(false),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const edge = await addEdge(request.server.app.knex, {
        ...actor(request),
        from: p.from,
        to: p.to,
        lengthM: p.length_m,
        steps: p.steps,
        riseM: p.rise_m,
        roofed: p.roofed,
      });
      return ok(h, edge, {}, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/map/edges/{edgeId}',
    options: {
      response: REMOVED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Remove a walkway',
      validate: { params: fields({ parkId: id(), edgeId: id() }) },
    },
    async handler(request, h) {
      const { edgeId } = request.params;
      await deleteEdge(request.server.app.knex, { ...actor(request), edgeId });
      return ok(h, { id: edgeId });
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/map/control-points',
    options: {
      response: CONTROL_POINTS_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: 'Set the GPS control points (pixels with known latitude and longitude; none, or at least 3)',
      validate: {
        params: parkParams(),
        payload: fields({
          control_points: Joi.array<{ x: number; y: number; latitude: number; longitude: number }[]>()
            .items(
              fields({
                x: px(),
                y: px(),
                latitude: Joi.number().min(20).max(46),
                longitude: Joi.number().min(122).max(154),
              }),
            )
            .max(50),
        }),
      },
    },
    async handler(request, h) {
      const points = request.payload.control_points;
      return ok(h, await setControlPoints(request.server.app.knex, { ...actor(request), points }));
    },
  }),
];
