// What the member card, the visits and the gate read of a pass: its rows, its holders' term tickets, and the state a
// visitor sees (common/rules/passValidity.ts passState). Reads only; the ticket ledger writes.
import type { Knex } from 'knex';
import type { PassState } from '../../../../common/dto/pass';
import type { TicketState } from '../../../../common/dto/wallet';
import { type PassFacts, passState } from '../../../../common/rules/passValidity';

type Db = Knex | Knex.Transaction;

export interface PassRow {
  id: number;
  passNumber: string;
  itemId: number;
  parkId: number;
  ownerUserId: number;
  firstOrderId: number;
  startBy: string;
  validFrom: string | null;
  validUntil: string | null;
}

export interface TermRow {
  id: string;
  passId: number;
  passHolderId: number;
  orderId: number;
  ticketNumber: string;
  validFrom: string | null;
  useDate: string;
  state: TicketState;
  suspensionReason: string | null;
  price: number;
}

export const TERM_COLUMNS = [
  't.id',
  't.pass_id',
  't.pass_holder_id',
  't.order_id',
  't.ticket_number',
  't.valid_from',
  't.use_date',
  't.state',
  't.suspension_reason',
  't.price',
];

/** The term tickets of these holders, oldest first. */
export async function termsOf(db: Db, holderIds: readonly number[]): Promise<Map<number, TermRow[]>> {
  const out = new Map<number, TermRow[]>();
  if (holderIds.length === 0) return out;
  const rows = (await db('tickets as t')
    .whereIn('t.pass_holder_id', holderIds)
    .where('t.unit_kind', 'pass')
    .orderBy([{ column: 't.use_date' }, { column: 't.id' }])
    .select(TERM_COLUMNS)) as TermRow[];
  for (const r of rows) out.set(r.passHolderId, [...(out.get(r.passHolderId) ?? []), r]);
  return out;
}

/** The term that counts on `today`: the first not ended (current, else a paid next one), else the last. */
export function currentTerm(terms: readonly TermRow[], today: string): TermRow | undefined {
  const live = terms.filter((t) => t.state !== 'cancelled' && t.state !== 'cancel_waiting');
  return live.find((t) => t.useDate >= today) ?? live.at(-1) ?? terms.at(-1);
}

const STORED: Partial<Record<TicketState, PassFacts['stored']>> = {
  suspended: 'suspended',
  cancelled: 'cancelled',
  cancel_waiting: 'cancel_waiting',
};

/** What a visitor, the office and the gate see for a holder of a pass on `today`. */
export function holderState(pass: PassRow, term: TermRow | undefined, today: string): PassState {
  return passState(
    {
      stored: term ? (STORED[term.state] ?? 'open') : 'cancelled',
      validFrom: pass.validFrom,
      validUntil: pass.validUntil,
      startBy: pass.startBy,
    },
    today,
  );
}
