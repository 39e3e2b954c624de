// Endpoints of the back office's map editor (server: features/maps/staffRoutes.ts).
import type { Envelope } from '../../../../common/dto/api';
import type { OfficeMap, PlaceKind } from '../../../../common/dto/map';
import { api } from '../../lib/api';

const MAP = { type: 'Staff' as const, id: 'MAP' };

export interface PlaceForm {
  code?: string;
  kind?: PlaceKind;
  name_ja?: string;
  name_en?: string;
  x?: number;
  y?: number;
}

export interface ControlPoint {
  x: number;
  y: number;
  latitude: number;
  longitude: number;
}

export const mapOfficeApi = api.injectEndpoints({
  endpoints: (build) => ({
    officeMap: build.query<OfficeMap, number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/map` }),
      transformResponse: (r: Envelope<OfficeMap>) => r.data,
      providesTags: [MAP],
      keepUnusedDataFor: 0,
    }),
    addPlace: build.mutation<unknown, { parkId: number; form: PlaceForm }>({
      query: ({ parkId, form }) => ({ url: `/staff/parks/${parkId}/map/places`, method: 'POST', body: form }),
      invalidatesTags: [MAP],
    }),
    updatePlace: build.mutation<unknown, { parkId: number; id: number; form: PlaceForm }>({
      query: ({ parkId, id, form }) => ({ url: `/staff/parks/${parkId}/map/places/${id}`, method: 'PUT', body: form }),
      invalidatesTags: [MAP],
    }),
    deletePlace: build.mutation<unknown, { parkId: number; id: number }>({
      query: ({ parkId, id }) => ({ url: `/staff/parks/${parkId}/map/places/${id}`, method: 'DELETE' }),
      invalidatesTags: [MAP],
    }),
    moveNode: build.mutation<unknown, { parkId: number; id: number; x: number; y: number }>({
      query: ({ parkId, id, x, y }) => ({
        url: `/staff/parks/${parkId}/map/nodes/${id}`,
        method: 'PUT',
        body: { x, y },
      }),
      invalidatesTags: [MAP],
    }),
    addEdge: build.mutation<unknown, { parkId: number; from: number; to: number }>({
      query: ({ parkId, from, to }) => ({
        url: `/staff/parks/${parkId}/map/edges`,
        method: 'POST',
        body: { from, to },
      }),
      invalidatesTags: [MAP],
    }),
    deleteEdge: build.mutation<unknown, { parkId: number; id: number }>({
      query: ({ parkId, id }) => ({ url: `/staff/parks/${parkId}/map/edges/${id}`, method: 'DELETE' }),
      invalidatesTags: [MAP],
    }),
    setControlPoints: build.mutation<unknown, { parkId: number; points: ControlPoint[] }>({
      query: ({ parkId, points }) => ({
        url: `/staff/parks/${parkId}/map/control-points`,
        method: 'PUT',
        body: { control_points: points },
      }),
      invalidatesTags: [MAP],
    }),
  }),
});

export const {
  useOfficeMapQuery,
  useAddPlaceMutation,
  useUpdatePlaceMutation,
  useDeletePlaceMutation,
  useMoveNodeMutation,
  useAddEdgeMutation,
  useDeleteEdgeMutation,
  useSetControlPointsMutation,
} = mapOfficeApi;
