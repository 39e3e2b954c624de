// Endpoints of a pass line's holders at the add-info step: the buyer's kids accounts (who may hold the pass) and
// saving the holders (PUT api/v1/carts/{parkId}/lines/{lineId}/pass), and their face photos' upload.
import type { Envelope, Paged } from '../../../../common/dto/api';
import type { CartLine } from '../../../../common/dto/cart';
import type { PassLineRequest } from '../../../../common/dto/pass';
import type { ChildAccount } from '../../../../common/dto/user';
import { api } from '../../lib/api';

export const passLineApi = api.injectEndpoints({
  endpoints: (build) => ({
    passHolderChildren: build.query<Paged<ChildAccount>, void>({
      query: () => ({ url: '/me/childs', params: { per_page: 100 } }),
    }),
    setPassLine: build.mutation<Envelope<CartLine>, { parkId: number; lineId: number; body: PassLineRequest }>({
      query: ({ parkId, lineId, body }) => ({ url: `/carts/${parkId}/lines/${lineId}/pass`, method: 'PUT', body }),
      invalidatesTags: ['Cart'],
    }),
    /** Guest vouchers of one of the buyer's passes on an admission line (0 stops using them). */
    setLineVoucher: build.mutation<
      Envelope<CartLine>,
      { parkId: number; lineId: number; passId: number; quantity: number }
    >({
      query: ({ parkId, lineId, passId, quantity }) => ({
        url: `/carts/${parkId}/lines/${lineId}/voucher`,
        method: 'PUT',
        body: { pass_id: passId, quantity },
      }),
      invalidatesTags: ['Cart'],
    }),
    /** A holder's face photo chosen at purchase (README 2.5): uploaded now, linked to the holder when the pass is issued. */
    uploadPassPhoto: build.mutation<Envelope<{ id: string }>, Blob>({
      query: (file) => {
        const body = new FormData();
        body.append('photo', file);
        return { url: '/me/pass-photos', method: 'POST', body };
      },
    }),
  }),
});

export const {
  usePassHolderChildrenQuery,
  useSetLineVoucherMutation,
  useSetPassLineMutation,
  useUploadPassPhotoMutation,
} = passLineApi;
