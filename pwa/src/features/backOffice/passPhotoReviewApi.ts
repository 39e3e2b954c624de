// Endpoints of the park's review of holders' face photos (server: features/passes/reviewRoutes.ts).
import type { Envelope } from '../../../../common/dto/api';
import type { PhotoReviewItem, ReviewPhotoRequest } from '../../../../common/dto/pass';
import { api } from '../../lib/api';

const QUEUE = { type: 'Staff' as const, id: 'PASS_PHOTOS' };

export const passPhotoReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    pendingPassPhotos: build.query<PhotoReviewItem[], number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/pass-photos`, params: { state: 'pending' } }),
      transformResponse: (r: Envelope<PhotoReviewItem[]>) => r.data,
      providesTags: [QUEUE],
      keepUnusedDataFor: 0,
    }),
    reviewPassPhoto: build.mutation<void, { parkId: number; photoId: string } & ReviewPhotoRequest>({
      query: ({ parkId, photoId, ...body }) => ({
        url: `/staff/parks/${parkId}/pass-photos/${photoId}/review`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [QUEUE],
    }),
  }),
});

export const { usePendingPassPhotosQuery, useReviewPassPhotoMutation } = passPhotoReviewApi;
