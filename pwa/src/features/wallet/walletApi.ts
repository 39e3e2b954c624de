// Endpoints of the wallet pages that need the network (server: features/wallet). The tickets themselves are read
// from IndexedDB (walletSync.ts); these are history, shares, cancellation, face photo, certificate and URL access.
import type { Envelope, Paged } from '../../../../common/dto/api';
import type { PassVisit } from '../../../../common/dto/pass';
import type {
  CancellationAnswer,
  CancellationQuote,
  CancelTicketsRequest,
  CreateShareRequest,
  SharePreview,
  TicketImageRequest,
  TicketShare,
  TicketTriggerView,
  UsageHistoryEntry,
  UseTicketAnswer,
  WalletTicket,
} from '../../../../common/dto/wallet';
import { api } from '../../lib/api';

const SHARES = { type: 'Ticket' as const, id: 'SHARES' };
const HISTORY = { type: 'Ticket' as const, id: 'HISTORY' };

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageHistories: build.query<Paged<UsageHistoryEntry>, number>({
      query: (page) => ({ url: '/me/tickets/usage-histories', params: { page } }),
      providesTags: [HISTORY],
      keepUnusedDataFor: 0,
    }),
    cancellationQuote: build.query<Envelope<CancellationQuote>, string[]>({
      query: (ids) => ({ url: '/me/tickets/cancellation-quote', params: { ticket_ids: ids } }),
      keepUnusedDataFor: 0,
    }),
    cancelTickets: build.mutation<Envelope<CancellationAnswer>, CancelTicketsRequest>({
      query: (body) => ({ url: '/me/tickets/cancellations', method: 'POST', body }),
      invalidatesTags: [HISTORY, 'Coin'],
    }),
    setTicketImage: build.mutation<Envelope<unknown>, TicketImageRequest>({
      query: (body) => ({ url: '/me/tickets/image', method: 'PUT', body }),
    }),
    presentCertificate: build.mutation<Envelope<WalletTicket | { ticket: WalletTicket }>, string>({
      query: (id) => ({ url: `/me/tickets/${encodeURIComponent(id)}/certificate`, method: 'POST', body: {} }),
    }),
    ticketTrigger: build.query<Envelope<TicketTriggerView | WalletTicket>, string>({
      query: (id) => `/me/tickets/${encodeURIComponent(id)}/trigger`,
      keepUnusedDataFor: 0,
    }),
    fireTrigger: build.mutation<Envelope<UseTicketAnswer>, { id: string; clientId: string; usedAt: string }>({
      query: ({ id, clientId, usedAt }) => ({
        url: `/me/tickets/${encodeURIComponent(id)}/trigger`,
        method: 'POST',
        body: { client_id: clientId, used_at: usedAt },
      }),
    }),
    myShares: build.query<Envelope<TicketShare[]>, void>({
      query: () => '/me/ticket-shares',
      providesTags: [SHARES],
      keepUnusedDataFor: 0,
    }),
    createShare: build.mutation<Envelope<TicketShare>, CreateShareRequest>({
      query: (body) => ({ url: '/me/ticket-shares', method: 'POST', body }),
      invalidatesTags: [SHARES],
    }),
    cancelShare: build.mutation<Envelope<unknown>, string>({
      query: (id) => ({ url: `/me/ticket-shares/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SHARES],
    }),
    reissueShare: build.mutation<Envelope<TicketShare>, string>({
      query: (id) => ({ url: `/me/ticket-shares/${encodeURIComponent(id)}/reissue`, method: 'POST', body: {} }),
      invalidatesTags: [SHARES],
    }),
    sharePreview: build.query<Envelope<SharePreview>, string>({
      query: (id) => `/ticket-shares/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id: `share-${id}` }],
      keepUnusedDataFor: 0,
    }),
    passVisits: build.query<Envelope<PassVisit[]>, number>({
      query: (passId) => ({ url: `/me/passes/${passId}/visits`, params: { per_page: 100 } }),
      keepUnusedDataFor: 0,
    }),
    /** Puts the renewal into the cart (a pass line renewing `passId`, holders kept). */
    renewPass: build.mutation<Envelope<unknown, { parkId?: number }>, number>({
      query: (passId) => ({ url: `/me/passes/${passId}/renewal`, method: 'POST', body: {} }),
      invalidatesTags: ['Cart'],
    }),
    /** A holder's face photo: uploaded (JPEG or PNG, at most 10 MB), then made that holder's (README 2.5). */
    setHolderPhoto: build.mutation<Envelope<unknown>, { passId: number; holderId: number; file: Blob }>({
      async queryFn({ passId, holderId, file }, _api, _extra, baseQuery) {
        const body = new FormData();
        body.append('photo', file);
        const up = await baseQuery({ url: '/me/pass-photos', method: 'POST', body });
        if (up.error) return { error: up.error };
        const id = (up.data as Envelope<{ id: string }>).data.id;
        const linked = await baseQuery({
          url: `/me/passes/${passId}/holders/${holderId}/photo`,
          method: 'PUT',
          body: { photo_id: id },
        });
        return linked.error ? { error: linked.error } : { data: linked.data as Envelope<unknown> };
      },
    }),
    receiveShare: build.mutation<Envelope<unknown>, string>({
      query: (id) => ({ url: `/ticket-shares/${encodeURIComponent(id)}/receive`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Ticket', id: `share-${id}` }],
    }),
  }),
});

export const {
  useSetHolderPhotoMutation,
  useUsageHistoriesQuery,
  useLazyCancellationQuoteQuery,
  useCancelTicketsMutation,
  useSetTicketImageMutation,
  usePresentCertificateMutation,
  useTicketTriggerQuery,
  useFireTriggerMutation,
  useMySharesQuery,
  useCreateShareMutation,
  useCancelShareMutation,
  useReissueShareMutation,
  useSharePreviewQuery,
  useReceiveShareMutation,
  usePassVisitsQuery,
  useRenewPassMutation,
} = walletApi;

/** The server's message of a failed call (meta.message), if any. */
export function apiMessage(error: unknown): string | null {
  const data = (error as { data?: { meta?: { message?: string } } } | undefined)?.data;
  return data?.meta?.message ?? null;
}

/** The server's error code of a failed call (meta.code), if any. */
export function apiCode(error: unknown): string | null {
  const data = (error as { data?: { meta?: { code?: string } } } | undefined)?.data;
  return data?.meta?.code ?? null;
}
