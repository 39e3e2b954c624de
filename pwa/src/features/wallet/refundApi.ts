// A konbini refund owed by bank transfer (server: payments' bank transfers): the owner reads it and enters the
// account it goes to. Online only.
import type { Envelope } from '../../../../common/dto/api';
import type { BankAccountInput, BankCodeLookup, MyBankTransfer } from '../../../../common/dto/bankTransfer';
import { api } from '../../lib/api';

const TAG = { type: 'Ticket' as const, id: 'BANK_TRANSFER' };

export const refundApi = api.injectEndpoints({
  endpoints: (build) => ({
    myBankTransfers: build.query<Envelope<MyBankTransfer[]>, void>({
      query: () => '/me/bank-transfers',
      providesTags: [TAG],
      keepUnusedDataFor: 0,
    }),
    bankTransfer: build.query<Envelope<MyBankTransfer>, string>({
      query: (id) => `/me/bank-transfers/${encodeURIComponent(id)}`,
      providesTags: [TAG],
      keepUnusedDataFor: 0,
    }),
    setBankAccount: build.mutation<Envelope<MyBankTransfer>, { id: string; account: BankAccountInput }>({
      query: ({ id, account }) => ({
        url: `/me/bank-transfers/${encodeURIComponent(id)}/account`,
        method: 'PUT',
        body: account,
      }),
      invalidatesTags: [TAG],
    }),
    /** The Zengin list's bank and branch of the codes typed (names shown back under the fields). */
    bankCodes: build.query<BankCodeLookup, { bank: string; branch?: string }>({
      query: ({ bank, branch }) => ({ url: '/bank-codes', params: branch ? { bank, branch } : { bank } }),
      transformResponse: (r: Envelope<BankCodeLookup>) => r.data,
    }),
  }),
});

export const { useBankTransferQuery, useMyBankTransfersQuery, useSetBankAccountMutation, useBankCodesQuery } =
  refundApi;
