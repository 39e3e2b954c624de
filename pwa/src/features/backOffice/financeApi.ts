// Endpoints of the back office's finance pages (server: features/finance): find a park's orders, read one, quote
// and make a cancellation for the visitor, the park's own refund (a closure), the daily report (the CSV is a plain link: reportCsvUrl).
import type { Envelope } from '../../../../common/dto/api';
import type {
  DailyReport,
  OfficeCancellationAnswer,
  OfficeOrder,
  OfficeOrderSummary,
  ReconciliationFinding,
} from '../../../../common/dto/finance';
import type { CancellationQuote } from '../../../../common/dto/wallet';
import type { Locale } from '../../../../common/enums';
import { api } from '../../lib/api';

export type SearchBy = 'number' | 'email' | 'phone';
const ORDER = (id: number) => ({ type: 'Staff' as const, id: `ORDER-${id}` });
const REPORT = { type: 'Staff' as const, id: 'REPORT' };

export const financeApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchOrders: build.query<OfficeOrderSummary[], { parkId: number; by: SearchBy; q: string }>({
      query: ({ parkId, by, q }) => ({ url: `/staff/parks/${parkId}/orders`, params: { [by]: q } }),
      transformResponse: (r: Envelope<OfficeOrderSummary[]>) => r.data,
      keepUnusedDataFor: 0,
    }),
    parkOrder: build.query<OfficeOrder, { parkId: number; orderId: number }>({
      query: ({ parkId, orderId }) => ({ url: `/staff/parks/${parkId}/orders/${orderId}` }),
      transformResponse: (r: Envelope<OfficeOrder>) => r.data,
      providesTags: (_r, _e, { orderId }) => [ORDER(orderId)],
      keepUnusedDataFor: 0,
    }),
    officeQuote: build.query<CancellationQuote, { parkId: number; orderId: number; ticketIds: string[] }>({
      query: ({ parkId, orderId, ticketIds }) => ({
        url: `/staff/parks/${parkId}/orders/${orderId}/cancellation-quote`,
        params: { ticket_ids: ticketIds },
      }),
      transformResponse: (r: Envelope<CancellationQuote>) => r.data,
      keepUnusedDataFor: 0,
    }),
    cancelForVisitor: build.mutation<
      OfficeCancellationAnswer,
      { parkId: number; orderId: number; ticketIds: string[] }
    >({
      query: ({ parkId, orderId, ticketIds }) => ({
        url: `/staff/parks/${parkId}/orders/${orderId}/cancellations`,
        method: 'POST',
        body: { ticket_ids: ticketIds },
      }),
      transformResponse: (r: Envelope<OfficeCancellationAnswer>) => r.data,
      invalidatesTags: (_r, _e, { orderId }) => [ORDER(orderId), REPORT],
    }),
    refundForPark: build.mutation<
      OfficeCancellationAnswer,
      { parkId: number; orderId: number; ticketIds: string[]; reason: string }
    >({
      query: ({ parkId, orderId, ticketIds, reason }) => ({
        url: `/staff/parks/${parkId}/orders/${orderId}/refunds`,
        method: 'POST',
        body: { ticket_ids: ticketIds, reason },
      }),
      transformResponse: (r: Envelope<OfficeCancellationAnswer>) => r.data,
      invalidatesTags: (_r, _e, { orderId }) => [ORDER(orderId), REPORT],
    }),
    dailyReport: build.query<DailyReport, { parkId: number; from: string; to: string }>({
      query: ({ parkId, from, to }) => ({ url: `/staff/parks/${parkId}/reports/daily`, params: { from, to } }),
      transformResponse: (r: Envelope<DailyReport>) => r.data,
      providesTags: [REPORT],
      keepUnusedDataFor: 0,
    }),
    reconciliation: build.query<ReconciliationFinding[], { parkId: number }>({
      query: ({ parkId }) => ({ url: `/staff/parks/${parkId}/reconciliation` }),
      transformResponse: (r: Envelope<ReconciliationFinding[]>) => r.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useSearchOrdersQuery,
  useParkOrderQuery,
  useOfficeQuoteQuery,
  useCancelForVisitorMutation,
  useRefundForParkMutation,
  useDailyReportQuery,
  useReconciliationQuery,
} = financeApi;

/** The finance CSV downloads over a range of days, their header rows in the page's language. */
export const reportCsvUrl = (
  parkId: number,
  report: 'daily' | 'orders' | 'refunds',
  range: { from: string; to: string },
  locale: Locale,
) => `/api/v1/staff/parks/${parkId}/reports/${report}.csv?from=${range.from}&to=${range.to}&lang=${locale}`;

/** The invoice register downloads (every number the park issued). */
export const invoiceCsvUrl = (
  parkId: number,
  file: 'invoices/register' | 'invoices' | 'credit-notes',
  locale: Locale,
) => `/api/v1/staff/parks/${parkId}/${file}.csv?lang=${locale}`;
