// The visitor's carts (GET /carts): the header's cart count reads them on every page and the cart page lists them,
// so this endpoint ships with the app and the rest of checkout's endpoints stay in the checkout pages' chunks.
import type { Envelope } from '../../../common/dto/api';
import type { Cart, CartsMeta } from '../../../common/dto/cart';
import { api } from './api';
import { showToast } from './toast';

// Notices of GET carts are delivered once by the server; a page that refetches never sees them twice, but the
// same answer can reach two subscribers, so each id is shown once per app run.
const shownNotices = new Set<number>();
export function toastCartNotices(meta: CartsMeta | undefined) {
  for (const n of meta?.notices ?? []) {
    if (shownNotices.has(n.id)) continue;
    shownNotices.add(n.id);
    showToast({ text: n.message, kind: 'info' });
  }
}

export const cartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCarts: build.query<Envelope<Cart[], CartsMeta>, void>({
      query: () => '/carts',
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          toastCartNotices((await queryFulfilled).data.meta);
        } catch {
          // shown by the page
        }
      },
    }),
  }),
});

export const { useGetCartsQuery } = cartsApi;
