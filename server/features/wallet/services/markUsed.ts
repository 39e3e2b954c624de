// Marking a ticket used (button operation, URL access): irreversible, only on the day of use in Asia/Tokyo judged
// by the device's time of the act (the outbox replays it later), bounded by the server's clock. Idempotent by
// client_id: a replay answers what the first request did, and five replays at once make one usage row (the
// ticket row is locked first, so they run one after another and the later ones find the first one's row).
import type { Knex } from 'knex';
import type { UseConflict, WalletTicket } from '../../../../common/dto/wallet';
import { UsageTrigger } from '../../../../common/enums';
import type { MessageKey } from '../../../../common/messages';
import { USABLE_STATES } from '../../../../common/rules/ticketState';
import { tokyoDate } from '../../../../common/time';
import { DomainError } from '../../../lib/errors';
import { recordAct, storedAct } from '../acts';
import { needsCertificate, ownTicket, type PresentOptions, presentTickets } from '../tickets';

/** How far a device's clock may run ahead of ours, and how late an offline act may arrive. */
export const CLOCK_SKEW_MS = 10 * 60_000;
export const MAX_REPLAY_AGE_MS = 7 * 86_400_000;

export interface UseInput {
  userId: number;
  ticketId: string;
  clientId: string;
  usedAt: Date;
  source: 'button' | 'url';
  deviceId?: string | null;
}

export type UseOutcome =
  | { kind: 'applied'; ticket: WalletTicket }
  | { kind: 'conflict'; code: UseConflict; message: MessageKey; ticket: WalletTicket };

export function checkActTime(at: Date, now: Date): void {
  const t = at.getTime();
  if (!Number.isFinite(t) || t > now.getTime() + CLOCK_SKEW_MS || t < now.getTime() - MAX_REPLAY_AGE_MS) {
    throw new DomainError('usedAtInvalid');
  }
}

/** The usage trigger each kind of mark belongs to: a QR ticket is used at the gate, never by the holder's phone. */
const TRIGGER_OF: Record<UseInput['source'], UsageTrigger> = {
  button: UsageTrigger.ButtonOperation,
  url: UsageTrigger.UrlAccess,
};

export async function markUsed(knex: Knex, input: UseInput, o: PresentOptions): Promise<UseOutcome> {
  const now = o.now ?? new Date();
  checkActTime(input.usedAt, now);
  const result = await knex.transaction(async (trx) => {
    const t = await ownTicket(trx, input.userId, input.ticketId, true);
    const earlier = await storedAct(trx, input.clientId);
    if (earlier) {
      if (earlier.ticketId !== t.id) throw new DomainError('invalidParam', { field: 'client_id' });
      return earlier.result === 'accepted'
        ? ({ conflict: null } as const)
        : ({ conflict: 'alreadyUsed', message: 'alreadyUsed' } as const);
    }
    if (t.usageTrigger !== TRIGGER_OF[input.source]) {
      return {
        conflict: 'notUsable',
        message: t.usageTrigger === UsageTrigger.QrPresentation ? 'usedAtGate' : 'notUsable',
      } as const;
    }
    if (t.state !== 'used' && (t.shareId !== null || !USABLE_STATES.includes(t.state))) {
      return { conflict: 'notUsable', message: 'notUsable' } as const;
    }
    if (t.state !== 'used' && needsCertificate(t)) {
      return { conflict: 'notUsable', message: 'certificateRequired' } as const;
    }
    // The act's own day must be the day of use, and our clock must not say that day is still to come.
    const actDay = tokyoDate(input.usedAt);
    if (actDay !== t.useDate || tokyoDate(new Date(now.getTime() + CLOCK_SKEW_MS)) < t.useDate) {
      return t.state === 'used'
        ? ({ conflict: 'alreadyUsed', message: 'alreadyUsed' } as const)
        : ({ conflict: 'notUseDay', message: 'notUseDay' } as const);
    }
    // Every act is on record; the earliest of any kind marks the ticket (../acts.ts).
    const outcome = await recordAct(trx, t, {
      clientId: input.clientId,
      ticketId: t.id,
      source: input.source,
      actedAt: input.usedAt,
      receivedAt: now,
      notBefore: new Date(t.createdAt),
      deviceId: input.deviceId ?? null,
      userId: input.userId,
    });
    return outcome.result === 'accepted'
      ? ({ conflict: null } as const)
      : ({ conflict: 'alreadyUsed', message: 'alreadyUsed' } as const);
  });
  const row = await ownTicket(knex, input.userId, input.ticketId);
  const [ticket] = (await presentTickets(knex, [row], { ...o, now })) as [WalletTicket];
  if (result.conflict) return { kind: 'conflict', code: result.conflict, message: result.message, ticket };
  return { kind: 'applied', ticket };
}
