// Endpoints of the back office's annual passes (server: features/passes/staffRoutes.ts).
import type { Envelope } from '../../../../common/dto/api';
import type { OfficePassProduct, SavePassProductRequest } from '../../../../common/dto/pass';
import { api } from '../../lib/api';

const PASS_PRODUCTS = { type: 'Staff' as const, id: 'PASS_PRODUCTS' };

export const passOfficeApi = api.injectEndpoints({
  endpoints: (build) => ({
    passProducts: build.query<OfficePassProduct[], number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/pass-products` }),
      transformResponse: (r: Envelope<OfficePassProduct[]>) => r.data,
      providesTags: [PASS_PRODUCTS],
      keepUnusedDataFor: 0,
    }),
    savePassProduct: build.mutation<
      OfficePassProduct,
      { parkId: number; itemId: number | null; form: SavePassProductRequest }
    >({
      query: ({ parkId, itemId, form }) => ({
        url: itemId ? `/staff/parks/${parkId}/pass-products/${itemId}` : `/staff/parks/${parkId}/pass-products`,
        method: itemId ? 'PUT' : 'POST',
        body: form,
      }),
      transformResponse: (r: Envelope<OfficePassProduct>) => r.data,
      invalidatesTags: [PASS_PRODUCTS, { type: 'Staff' as const, id: 'ITEMS' }, 'Item'],
    }),
  }),
});

export const { usePassProductsQuery, useSavePassProductMutation } = passOfficeApi;
