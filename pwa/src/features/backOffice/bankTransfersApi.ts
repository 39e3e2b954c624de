// Endpoints of the back office's bank-transfer refunds (server: finance routes over payments' bank transfers): the
// park's konbini refunds owed by bank transfer, and "mark transferred" (the CSV is a plain link).
import type { Envelope } from '../../../../common/dto/api';
import type { BankTransferState, OfficeBankTransfer } from '../../../../common/dto/bankTransfer';
import type { Locale } from '../../../../common/enums';
import { api } from '../../lib/api';

const TRANSFERS = { type: 'Staff' as const, id: 'BANK_TRANSFERS' };

export const bankTransfersApi = api.injectEndpoints({
  endpoints: (build) => ({
    parkBankTransfers: build.query<
      OfficeBankTransfer[],
      { parkId: number; state?: BankTransferState; waiting?: 'long' }
    >({
      query: ({ parkId, state, waiting }) => ({
        url: `/staff/parks/${parkId}/bank-transfers`,
        params: { ...(state ? { state } : {}), ...(waiting ? { waiting } : {}) },
      }),
      transformResponse: (r: Envelope<OfficeBankTransfer[]>) => r.data,
      providesTags: [TRANSFERS],
      keepUnusedDataFor: 0,
    }),
    markTransferred: build.mutation<OfficeBankTransfer, { parkId: number; id: string; transferredOn: string }>({
      query: ({ parkId, id, transferredOn }) => ({
        url: `/staff/parks/${parkId}/bank-transfers/${id}/transferred`,
        method: 'POST',
        body: { transferred_on: transferredOn },
      }),
      transformResponse: (r: Envelope<OfficeBankTransfer>) => r.data,
      invalidatesTags: [TRANSFERS],
    }),
  }),
});

export const { useParkBankTransfersQuery, useMarkTransferredMutation } = bankTransfersApi;

export const bankTransfersCsvUrl = (parkId: number, locale: Locale) =>
  `/api/v1/staff/parks/${parkId}/bank-transfers.csv?lang=${locale}`;

export const zenginFileUrl = (parkId: number, transferDate: string) =>
  `/api/v1/staff/parks/${parkId}/bank-transfers.zengin?transfer_date=${transferDate}`;
