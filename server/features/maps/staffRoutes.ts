// The back office's map data: editors and owners of a park place and move markers, junctions and walkways, and set
// the GPS control points. Points are pixels of the park's illustrated map (y down).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { PLACE_KINDS, type PlaceKind } from '../../../common/dto/map';
import { answers, id, ok, text } from '../../lib/routeKit';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { getOfficeMap } from './services/getOfficeMap';
import { createPlace, deletePlace, type PlaceFields, updatePlace } from './services/savePlace';
import { addEdge, addNode, deleteEdge, moveNode, setControlPoints } from './services/saveWalkways';

const px = () => Joi.number().min(0).max(100_000);
const code = () => Joi.string().pattern(/^[a-z0-9][a-z0-9-]{0,63}$/);
const parkParams = Joi.object({ parkId: id().required() });
const placeFields = {
  code: code(),
  kind: Joi.string().valid(...PLACE_KINDS),
  name_ja: text(120).min(1),
  name_en: text(120).allow(null, '').empty(''),
  x: px(),
  y: px(),
  node_id: id(),
};

function placeOf(p: Record<string, unknown>): PlaceFields {
  return {
    code: p.code as string | undefined,
    kind: p.kind as PlaceKind | undefined,
    nameJa: p.name_ja as string | undefined,
    nameEn: p.name_en as string | null | undefined,
    x: p.x as number | undefined,
    y: p.y as number | undefined,
    nodeId: p.node_id as number | undefined,
  };
}

const actor = (request: { params: unknown; auth: unknown } & Parameters<typeof currentUserId>[0]) => ({
  parkId: (request.params as { parkId: number }).parkId,
  actorUserId: currentUserId(request),
});

export const staffMapRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/map',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: "The park's map data as its editors edit it: places, junctions, walkways, GPS control points",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      return ok(h, await getOfficeMap(request.server.app.knex, (request.params as { parkId: number }).parkId));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/map/places',
    options: {
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
        params: parkParams,
        payload: Joi.object({
          ...placeFields,
          code: placeFields.code.required(),
          kind: placeFields.kind.required(),
          name_ja: placeFields.name_ja.required(),
          x: placeFields.x.required(),
          y: placeFields.y.required(),
        }),
      },
    },
    async handler(request, h) {
      const fields = placeOf(request.payload as Record<string, unknown>) as Parameters<typeof createPlace>[1]['fields'];
      return ok(h, await createPlace(request.server.app.knex, { ...actor(request), fields }), {}, 201);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/map/places/{placeId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 409: 'Code already used (mapCodeTaken)' }),
      tags: ['api', 'staff'],
      description: 'Move or rename a marker (moved without node_id: its route ends at the nearest junction)',
      validate: {
        params: Joi.object({ parkId: id().required(), placeId: id().required() }),
        payload: Joi.object(placeFields).min(1),
      },
    },
    async handler(request, h) {
      const { placeId } = request.params as { placeId: number };
      const fields = placeOf(request.payload as Record<string, unknown>);
      return ok(h, await updatePlace(request.server.app.knex, { ...actor(request), placeId, fields }));
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/map/places/{placeId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Remove a marker from the map',
      validate: { params: Joi.object({ parkId: id().required(), placeId: id().required() }) },
    },
    async handler(request, h) {
      const { placeId } = request.params as { placeId: number };
      await deletePlace(request.server.app.knex, { ...actor(request), placeId });
      return ok(h, { id: placeId });
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/map/nodes',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 201: 'Added', 200: null, 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: 'Add a walkway junction',
      validate: { params: parkParams, payload: Joi.object({ x: px().required(), y: px().required() }) },
    },
    async handler(request, h) {
      const p = request.payload as { x: number; y: number };
      return ok(h, await addNode(request.server.app.knex, { ...actor(request), ...p }), {}, 201);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/map/nodes/{nodeId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Move a walkway junction',
      validate: {
        params: Joi.object({ parkId: id().required(), nodeId: id().required() }),
        payload: Joi.object({ x: px().required(), y: px().required() }),
      },
    },
    async handler(request, h) {
      const { nodeId } = request.params as { nodeId: number };
      const p = request.payload as { x: number; y: number };
      return ok(h, await moveNode(request.server.app.knex, { ...actor(request), nodeId, ...p }));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/map/edges',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 201: 'Added', 200: null, 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: 'Add a walkway between two junctions (length from the map scale unless given; steps, rise, roof)',
      validate: {
        params: parkParams,
        payload: Joi.object({
          from: id().required(),
          to: id().required(),
          length_m: Joi.number().min(0.1).max(10_000),
          steps: Joi.number().integer().min(0).max(1000).default(0),
          rise_m: Joi.number().min(-100).max(100).default(0),
          roofed: Joi.boolean().default(false),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload as {
        from: number;
        to: number;
        length_m?: number;
        steps: number;
        rise_m: number;
        roofed: boolean;
      };
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
  },
  {
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/map/edges/{edgeId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Remove a walkway',
      validate: { params: Joi.object({ parkId: id().required(), edgeId: id().required() }) },
    },
    async handler(request, h) {
      const { edgeId } = request.params as { edgeId: number };
      await deleteEdge(request.server.app.knex, { ...actor(request), edgeId });
      return ok(h, { id: edgeId });
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/map/control-points',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 404: 'The park has no map' }),
      tags: ['api', 'staff'],
      description: 'Set the GPS control points (pixels with known latitude and longitude; none, or at least 3)',
      validate: {
        params: parkParams,
        payload: Joi.object({
          control_points: Joi.array()
            .items(
              Joi.object({
                x: px().required(),
                y: px().required(),
                latitude: Joi.number().min(20).max(46).required(),
                longitude: Joi.number().min(122).max(154).required(),
              }),
            )
            .max(50)
            .required(),
        }),
      },
    },
    async handler(request, h) {
      const points = (
        request.payload as { control_points: { x: number; y: number; latitude: number; longitude: number }[] }
      ).control_points;
      return ok(h, await setControlPoints(request.server.app.knex, { ...actor(request), points }));
    },
  },
];
