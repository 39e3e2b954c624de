// The visitor's carts (GET /carts): the header's cart count reads them on every page and the cart page lists them,
// so this endpoint ships with the app and the rest of checkout's endpoints stay in the checkout pages' chunks.
import type { Envelope } from '../../../common/dto/api';
import type { Cart, CartsMeta } from '../../../common/dto/cart';
import { api } from './api';
import { showToast } from './toast';

// Notices of GET carts are delivered once by the server; a page that refetches never sees them twice, but the
// same answer can reach two subscribers, so each id is shown once per app run.
const shownNotices = new Set<number>();
function toastCartNotices(meta: CartsMeta | undefined) {
  for (const n of meta?.notices ?? []) {
    if (shownNotices.has(n.id)) continue;
    shownNotices.add(n.id);
    showToast({ text: n.message, kind: 'info' });
  }
}

/** A cart read's `onQueryStarted`: its notices become toasts once the answer comes (a failure is the page's to show). */
export async function toastNoticesOfAnswer(
  _arg: unknown,
  { queryFulfilled }: { queryFulfilled: Promise<{ data: { meta?: CartsMeta } }> },
): Promise<void> {
  try {
    toastCartNotices((await queryFulfilled).data.meta);
  } catch {
    // shown by the page
  }
}

export const cartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCarts: build.query<Envelope<Cart[], CartsMeta>, void>({
      query: () => '/carts',
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
      onQueryStarted: toastNoticesOfAnswer,
    }),
  }),
});

export const { useGetCartsQuery } = cartsApi;
