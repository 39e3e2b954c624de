// What a wallet pass says about one ticket, in ja and en: shared by the Apple .pkpass and the Google object so both
// carry the same facts and the same signed QR token as the app (null token: the ticket can no longer be shown).
import type { WalletTicket } from '../../../common/dto/wallet';
import type { Locale } from '../../../common/enums';

export interface PassFacts {
  /** The ticket in each language (names come localised from the wallet's presenter). */
  byLocale: Record<Locale, WalletTicket>;
  park: { latitude: number; longitude: number };
  /** The account the pass was issued to: a ticket that moved to another (shared) is void for this one. */
  holderId: number;
  holderNow: number | null;
}

const STATUS = {
  ja: { ok: '有効', void: '無効（取消・譲渡済み）', used: '使用済み' },
  en: { ok: 'Valid', void: 'Void (cancelled or passed on)', used: 'Used' },
} as const;
export const LABELS = {
  ja: { park: '施設', item: 'チケット', date: '利用日', slot: '時間', status: '状態', number: 'チケット番号' },
  en: { park: 'Park', item: 'Ticket', date: 'Date of use', slot: 'Time', status: 'Status', number: 'Ticket number' },
} as const;

/** Void once cancelled, passed on to someone else, or with no live token; 'used' stays shown as used. */
export function passState(f: PassFacts): 'ok' | 'void' | 'used' {
  const t = f.byLocale.ja;
  if (f.holderNow !== f.holderId || t.state === 'cancelled' || t.state === 'cancel_waiting') return 'void';
  if (t.state === 'used') return 'used';
  return t.token ? 'ok' : 'void';
}

export const statusText = (f: PassFacts, locale: Locale) => STATUS[locale][passState(f)];

/** The use date (and slot) as an instant in Asia/Tokyo, for the lock-screen suggestion. */
export function relevantDate(t: WalletTicket): Date {
  return new Date(`${t.useDate}T${(t.time ?? '09:00').slice(0, 5)}:00+09:00`);
}

/** A pass's serial: the ticket and the account it was issued to. */
export const serialOf = (ticketId: string, userId: number) => `${ticketId}.${userId}`;
export function parseSerial(serial: string): { ticketId: string; userId: number } | null {
  const m = /^([0-9a-f-]{36})\.(\d{1,10})$/.exec(serial);
  return m ? { ticketId: m[1] as string, userId: Number(m[2]) } : null;
}
