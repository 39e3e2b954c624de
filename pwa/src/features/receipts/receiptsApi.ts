import type { Envelope } from '../../../../common/dto/api';
import { api } from '../../lib/api';

export interface ReceiptSummary {
  number: string;
  recipientName: string | null;
  fixed: boolean;
  total: number;
  creditNotes: { id: number; number: string; total: number }[];
}

const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    receipt: build.query<Envelope<ReceiptSummary>, number>({
      query: (orderId) => `/me/orders/${orderId}/receipt`,
    }),
    setReceiptName: build.mutation<Envelope<unknown>, { orderId: number; name: string }>({
      query: ({ orderId, name }) => ({
        url: `/me/orders/${orderId}/receipt-name`,
        method: 'PUT',
        body: { recipient_name: name },
      }),
    }),
  }),
});

export const { useReceiptQuery, useSetReceiptNameMutation } = receiptsApi;
