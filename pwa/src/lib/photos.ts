// The one photo upload (POST /me/photos, multipart: purpose and photo): the checkout's advance information and the
// wallet's face photo both send theirs here and get the upload's id back.
import type { Envelope } from '../../../common/dto/api';
import { api } from './api';

export type PhotoPurpose = 'face' | 'gate';

const photosApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadPhoto: build.mutation<Envelope<{ id: string }>, { file: Blob; purpose: PhotoPurpose }>({
      query: ({ file, purpose }) => {
        const body = new FormData();
        body.append('purpose', purpose);
        body.append('photo', file);
        return { url: '/me/photos', method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadPhotoMutation } = photosApi;
