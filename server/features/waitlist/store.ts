import type { Knex } from 'knex';

export interface WaitlistRow {
  id: number;
  itemId: number;
  useDate: string;
  timeSlotId: number | null;
  userId: number;
  party: number;
  units: {
    kind: string;
    planId: number | null;
    ageGroupId: number | null;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
  amount: number;
  userCardId: number | null;
  lotteryEntryId: number | null;
  state: 'waiting' | 'offered' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
  offerDeadline: Date | null;
  holdIds: number[];
  orderId: number | null;
  createdAt: Date;
}

const rowOf = (r: WaitlistRow): WaitlistRow => ({
  ...r,
  id: Number(r.id),
  holdIds: (r.holdIds ?? []).map(Number),
  orderId: r.orderId === null ? null : Number(r.orderId),
  lotteryEntryId: r.lotteryEntryId === null ? null : Number(r.lotteryEntryId),
});

export async function lockWaitlistEntry(trx: Knex.Transaction, id: number): Promise<WaitlistRow | undefined> {
  const row = (await trx('waitlist_entries').where({ id }).forUpdate().first()) as WaitlistRow | undefined;
  return row && rowOf(row);
}
