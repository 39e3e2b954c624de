// Reads of the lottery that several features show (server: features/lottery): an item's current round (item page,
// checkout) and the caller's entries (item page, My Tickets). One cache entry each, one tag.
import type { Envelope } from '../../../common/dto/api';
import type { LotteryEntryView } from '../../../common/dto/lottery';
import { api } from './api';

export interface LotteryRoundView {
  id: number;
  useFrom: string;
  useTo: string;
  entryOpensAt: string;
  entryClosesAt: string;
  drawAt: string;
  announceAt: string;
  purchaseDeadline: string;
  state: 'open' | 'closed' | 'drawn';
  seedHash: string | null;
  /** An entry made now has its card checked, and charged at the draw (else the amount is authorised now). */
  chargeAtDraw: boolean;
}

export const MY_ENTRIES = { type: 'Lottery' as const, id: 'MINE' };

export const lotteryReads = api.injectEndpoints({
  endpoints: (build) => ({
    lotteryRound: build.query<Envelope<LotteryRoundView>, number>({ query: (itemId) => `/items/${itemId}/lottery` }),
    myLotteryEntries: build.query<Envelope<LotteryEntryView[]>, void>({
      query: () => '/me/lottery-entries',
      providesTags: [MY_ENTRIES],
    }),
  }),
});

export const { useLotteryRoundQuery, useMyLotteryEntriesQuery } = lotteryReads;
