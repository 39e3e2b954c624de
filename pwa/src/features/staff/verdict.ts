// The gate's verdict on what was read, with no network: the token checked by the common verifier (the same code
// the server runs) against the park's keys and revocations kept on the device, then the day's ticket list (what
// other gates admitted before this one went offline, and what this one admitted since). A typed ticket number is
// looked up in the day's list.
// A member card (an annual pass, token v3) is verified with the keys of the parks whose passes the park admits, then
// judged by the holder list (db/gatePasses.ts, authoritative over the token: live token ids, suspension, validity)
// and by the holder's visit of the day at this park (the day list's visit ticket, or this device's own admission),
// with the pass item's re-entry rule as tickets have theirs. The verdict carries the holder's name and photo.
import type { PassPhotoState } from '../../../../common/dto/pass';
import type { TicketKey } from '../../../../common/dto/wallet';
import { passState } from '../../../../common/rules/passValidity';
import {
  decodeTicketToken,
  isPassToken,
  type TicketTokenPayload,
  type TokenRefusal,
  verifyTicketToken,
} from '../../../../common/rules/ticketToken';
import { tokyoDate } from '../../../../common/time';
import { passVisitPlaceholderId } from '../../db/gateDayList';
import type { GatePassHolderRow, GateTicket } from '../../db/wallet';

export type Refusal =
  | 'otherPark'
  | 'otherDay'
  | 'revoked'
  | 'badSignature'
  | 'unknownKey'
  | 'unknownTicket'
  | 'tooEarly'
  | 'tooLate'
  /** Exit mode: the device knows of no entry of this ticket since its last exit. */
  | 'notInside'
  /** This gate admits other items only (per-gate rule): `itemName` says which item the ticket is for. */
  | 'otherItem'
  /** A pass stopped by the park: `suspendedReason` says why. */
  | 'suspended'
  /** A pass whose term starts later (`useDate`: its first day). */
  | 'notYetValid'
  /** A pass past its last day (`useDate`), or never started by its start-by day. */
  | 'expired'
  /** A genuine member card whose holder is not in this gate's list (bought since the last sync, or not admitted). */
  | 'unknownPass';

/** Who a member card belongs to, as the gate shows it beside the verdict (compare the face). */
export interface PassView {
  holderId: number;
  holderName: string;
  /** Pass number and holder position (P012-0000345-2). */
  passNumber: string;
  validFrom: string | null;
  validUntil: string | null;
  photoId: string | null;
  /** The stored 96 px thumbnail, if kept. */
  photo: Blob | null;
  photoState: PassPhotoState;
  /** The thumb was not kept on this device (storage bound): the photo shows online only. */
  photoOnlineOnly: boolean;
}

/** The scanner's mode: entries, or exits (a ticket inside goes out; re-entry then counts against its entries). */
export type GateMode = 'in' | 'out';

/**
 * An admission or an exit: `ticketId` is what the act names (a pass: its term ticket), `ticket` the day list's row
 * the move is recorded on (a pass: the day's visit ticket or this device's placeholder for it).
 */
export type Verdict =
  | {
      kind: 'admit';
      ticketId: string;
      ticket: GateTicket | null;
      token: string | null;
      ticketNumber: string | null;
      pass?: PassView;
    }
  /** Exit mode: the ticket was inside and goes out. */
  | {
      kind: 'exit';
      ticketId: string;
      ticket: GateTicket | null;
      token: string | null;
      ticketNumber: string | null;
      pass?: PassView;
    }
  | {
      kind: 'used';
      ticketId: string;
      ticket: GateTicket | null;
      usedAt: string;
      gateName: string | null;
      /** A ticket with re-entry that is inside now: refused at another entry (「入場中です」). */
      inside?: boolean;
      pass?: PassView;
    }
  | {
      kind: 'invalid';
      reason: Refusal;
      /** What the refused ticket is, when known (the staff member tells the visitor): its number and day of use. */
      ticketNumber?: string | null;
      useDate?: string | null;
      /** A timed ticket outside its entry window: when it may enter (tooEarly), or when its window closed (tooLate). */
      at?: string;
      /** otherItem: the ticket's item. */
      itemName?: string | null;
      /** suspended: the park's reason. */
      suspendedReason?: string | null;
      pass?: PassView;
    };

export interface GateContext {
  parkId: number;
  keys: readonly TicketKey[];
  revoked: ReadonlySet<string>;
  now: Date;
  /** A timed ticket enters from this many minutes before its slot's start to this many after (default 15 and 60). */
  slotWindow?: SlotWindow;
  /** Entry (default) or exit. */
  mode?: GateMode;
  /** This gate admits only these items of the park (the device's setting); empty or absent: every item. */
  gateItems?: readonly number[];
  /** Parks whose member cards this gate admits: its own and partner parks' (StaffPark.passPartnerParkIds). */
  passParkIds?: readonly number[];
}

/** What the device knows of annual passes (db/gatePasses.ts, db/gateDayList.ts). */
export interface PassLookup {
  holder: (termTicketId: string) => Promise<GatePassHolderRow | undefined>;
  visit: (termTicketId: string, date: string) => Promise<GateTicket | undefined>;
  thumb: (photoId: string | null) => Promise<Blob | null>;
}
const NO_PASSES: PassLookup = { holder: async () => undefined, visit: async () => undefined, thumb: async () => null };

export interface SlotWindow {
  beforeMinutes: number;
  afterMinutes: number;
}
export const DEFAULT_SLOT_WINDOW: SlotWindow = { beforeMinutes: 15, afterMinutes: 60 };

const DAY_MINUTES = 24 * 60;
const TOKYO_OFFSET_MINUTES = 9 * 60;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A timed ticket (slot starting at `slot`, HH:MM in Tokyo) is admitted from `beforeMinutes` before the start to
 * `afterMinutes` after; outside, a refusal that says when to come back (or when the window closed).
 */
export function slotRefusal(
  slot: string | null | undefined,
  now: Date,
  window: SlotWindow = DEFAULT_SLOT_WINDOW,
): { reason: 'tooEarly' | 'tooLate'; at: string } | null {
  if (!slot || !/^\d{2}:\d{2}/.test(slot)) return null;
  const nowMinutes = Math.floor(now.getTime() / 60_000 + TOKYO_OFFSET_MINUTES) % DAY_MINUTES;
  const opens = Math.max(0, minutesOf(slot) - window.beforeMinutes);
  const closes = Math.min(DAY_MINUTES - 1, minutesOf(slot) + window.afterMinutes);
  if (nowMinutes < opens) return { reason: 'tooEarly', at: hhmm(opens) };
  if (nowMinutes > closes) return { reason: 'tooLate', at: hhmm(closes) };
  return null;
}

const REFUSALS: Record<TokenRefusal, Refusal> = {
  malformed: 'badSignature',
  badSignature: 'badSignature',
  unknownKey: 'unknownKey',
  wrongPark: 'otherPark',
  revoked: 'revoked',
  expired: 'otherDay',
  wrongDay: 'otherDay',
  notYetValid: 'otherDay',
};

const CANCELLED = ['cancelled', 'cancel_waiting'];

/** Refusals after the signature checked (or of another park's ticket): the token's own day and ticket are shown. */
const SAYS_WHICH: readonly TokenRefusal[] = ['wrongPark', 'revoked', 'expired', 'wrongDay'];

/** Entries a ticket of the day list has left (its item's rule: one, a number, or null for no limit). */
const entriesLeft = (t: GateTicket) =>
  t.maxEntries === null
    ? Number.POSITIVE_INFINITY
    : (t.maxEntries ?? 1) - Math.max(t.entries ?? 0, t.state === 'used' ? 1 : 0);

/**
 * What the day list says of a ticket at this gate, or null to go on (admit, or let out). `reentry` is true when a
 * used ticket comes back in with entries left (no slot window then: it has been in already).
 */
function byList(
  ticketId: string,
  ticket: GateTicket | null,
  mode: GateMode,
): { verdict: Verdict | null; reentry: boolean } {
  const refuse = (reason: Refusal): Verdict => ({
    kind: 'invalid',
    reason,
    ticketNumber: ticket?.ticketNumber ?? null,
    useDate: ticket?.date ?? null,
  });
  if (ticket && CANCELLED.includes(ticket.state)) return { verdict: refuse('revoked'), reentry: false };
  const used = ticket?.state === 'used';
  const inside = used && (ticket?.inside ?? true);
  if (mode === 'out') return { verdict: inside ? null : refuse('notInside'), reentry: false };
  if (!ticket || !used) return { verdict: null, reentry: false };
  if (!inside && entriesLeft(ticket) > 0) return { verdict: null, reentry: true };
  return {
    verdict: {
      kind: 'used',
      ticketId,
      ticket,
      usedAt: ticket.usedBy?.at ?? ticket.usedAt ?? '',
      gateName: ticket.usedBy?.gateName ?? null,
      // A ticket with re-entry inside now: 「入場中です」 (one entry only: "already used", as ever).
      ...(inside && ticket.maxEntries !== 1 ? { inside: true } : {}),
    },
    reentry: false,
  };
}

/** The per-gate rule: this gate admits only its items (entry mode). */
function otherItem(
  itemId: number | undefined,
  ticket: GateTicket | null,
  ctx: Pick<GateContext, 'gateItems' | 'mode'>,
) {
  if ((ctx.mode ?? 'in') !== 'in' || !ctx.gateItems?.length) return false;
  const item = ticket?.itemId ?? itemId;
  return item !== undefined && !ctx.gateItems.includes(item);
}

/** The common verifier with the stored keys and revocations of the park (and its pass partners), as of the device's clock. */
export function verifyToken(token: string, ctx: GateContext) {
  const passParkIds = ctx.passParkIds ?? [ctx.parkId];
  return verifyTicketToken(token, {
    parkId: ctx.parkId,
    passParkIds,
    keys: ctx.keys.filter((k) => k.parkId === ctx.parkId || passParkIds.includes(k.parkId)),
    isRevoked: (jti) => ctx.revoked.has(jti),
    now: ctx.now,
    today: tokyoDate(ctx.now),
  });
}

/**
 * The verdict on a QR token; `lookup` reads the day's list (IndexedDB) once the token has verified, `passes` the
 * holder list for a member card.
 */
export async function judgeToken(
  token: string,
  ctx: GateContext,
  lookup: (ticketId: string) => Promise<GateTicket | undefined>,
  passes: PassLookup = NO_PASSES,
): Promise<Verdict> {
  const decoded = decodeTicketToken(token);
  if (decoded && isPassToken(decoded)) return judgePass(token, decoded, ctx, passes);
  const checked = verifyToken(token, ctx);
  if (!checked.ok) {
    const payload = SAYS_WHICH.includes(checked.reason) ? decodeTicketToken(token) : null;
    const listed = payload ? await lookup(payload.tid) : undefined;
    return {
      kind: 'invalid',
      reason: REFUSALS[checked.reason],
      ticketNumber: listed?.ticketNumber ?? (payload ? shortId(payload.tid) : null),
      useDate: payload?.date ?? null,
    };
  }
  const ticket = (await lookup(checked.payload.tid)) ?? null;
  // The list names the ticket's live token: another one means this QR was replaced (shared on, reissued).
  if (ticket?.jti && ticket.jti !== checked.payload.jti && ticket.state !== 'used') {
    return { kind: 'invalid', reason: 'revoked', ticketNumber: ticket.ticketNumber, useDate: ticket.date };
  }
  const mode = ctx.mode ?? 'in';
  const listed = byList(checked.payload.tid, ticket, mode);
  if (listed.verdict) return listed.verdict;
  const number = ticket?.ticketNumber ?? shortId(checked.payload.tid);
  if (mode === 'out') return { kind: 'exit', ticketId: checked.payload.tid, ticket, token, ticketNumber: null };
  if (otherItem(checked.payload.item, ticket, ctx)) {
    return {
      kind: 'invalid',
      reason: 'otherItem',
      itemName: ticket?.itemName ?? null,
      ticketNumber: number,
      useDate: checked.payload.date,
    };
  }
  const outside = listed.reentry ? null : slotRefusal(checked.payload.slot ?? ticket?.time, ctx.now, ctx.slotWindow);
  if (outside) {
    return {
      kind: 'invalid',
      reason: outside.reason,
      at: outside.at,
      ticketNumber: number,
      useDate: checked.payload.date,
    };
  }
  return { kind: 'admit', ticketId: checked.payload.tid, ticket, token, ticketNumber: null };
}

/** The verdict on a typed ticket number: only a ticket of the park's day list for today can be admitted so. */
export function judgeNumber(
  ticketNumber: string,
  ticket: GateTicket | undefined,
  ctx: Pick<GateContext, 'now' | 'slotWindow' | 'mode' | 'gateItems'>,
): Verdict {
  if (!ticket) return { kind: 'invalid', reason: 'unknownTicket', ticketNumber, useDate: null };
  if (ticket.date !== tokyoDate(ctx.now)) {
    return { kind: 'invalid', reason: 'otherDay', ticketNumber: ticket.ticketNumber, useDate: ticket.date };
  }
  const mode = ctx.mode ?? 'in';
  const listed = byList(ticket.id, ticket, mode);
  if (listed.verdict) return listed.verdict;
  if (mode === 'out') return { kind: 'exit', ticketId: ticket.id, ticket, token: null, ticketNumber };
  if (otherItem(ticket.itemId, ticket, ctx)) {
    return {
      kind: 'invalid',
      reason: 'otherItem',
      itemName: ticket.itemName,
      ticketNumber: ticket.ticketNumber,
      useDate: ticket.date,
    };
  }
  const outside = listed.reentry ? null : slotRefusal(ticket.time, ctx.now, ctx.slotWindow);
  if (outside) {
    return { kind: 'invalid', ...outside, ticketNumber: ticket.ticketNumber, useDate: ticket.date };
  }
  return { kind: 'admit', ticketId: ticket.id, ticket, token: null, ticketNumber };
}

const PASS_REFUSALS: Record<TokenRefusal, Refusal> = {
  ...REFUSALS,
  expired: 'expired',
  wrongDay: 'expired',
  notYetValid: 'notYetValid',
};

async function passView(holder: GatePassHolderRow, passes: PassLookup): Promise<PassView> {
  return {
    holderId: holder.holderId,
    holderName: holder.name,
    passNumber: `${holder.passNumber}-${holder.position}`,
    validFrom: holder.validFrom,
    validUntil: holder.validUntil,
    photoId: holder.photoId,
    photo: await passes.thumb(holder.photoId),
    photoState: holder.photoState,
    photoOnlineOnly: holder.thumbDropped ?? false,
  };
}

/** The day list's row a pass's visit is recorded on until the server's visit ticket comes (ScanPage's record). */
function visitPlaceholder(holder: GatePassHolderRow, termTicketId: string, date: string, parkId: number): GateTicket {
  return {
    id: passVisitPlaceholderId(termTicketId, date),
    passTicketId: termTicketId,
    ticketNumber: `${holder.passNumber}-${holder.position}`,
    jti: null,
    state: 'available',
    usedAt: null,
    usedBy: null,
    itemName: '',
    unitKind: holder.unitKind,
    ageGroupName: holder.ageGroupName,
    time: null,
    needsCertificate: false,
    itemId: 0,
    inside: false,
    entries: 0,
    maxEntries: holder.maxEntries,
    parkId,
    date,
  };
}

/**
 * A member card: the token verified for this park or a partner's; the holder found by the term ticket it names
 * (the holder list is what the park says now: a reissued card's old token id is no longer live, a suspension or the
 * real start of validity is there and not in the token); then once a day at this park, re-entry per the pass
 * item's rule. No slot window, no per-gate item rule (a pass is admission itself).
 */
async function judgePass(
  token: string,
  payload: TicketTokenPayload,
  ctx: GateContext,
  passes: PassLookup,
): Promise<Verdict> {
  const checked = verifyToken(token, ctx);
  const genuine = checked.ok || SAYS_WHICH.includes(checked.reason) || checked.reason === 'notYetValid';
  const holder = genuine ? await passes.holder(payload.tid) : undefined;
  const pass = holder ? await passView(holder, passes) : undefined;
  const refuse = (reason: Refusal, over: Partial<Extract<Verdict, { kind: 'invalid' }>> = {}): Verdict => ({
    kind: 'invalid',
    reason,
    ticketNumber: pass?.passNumber ?? (genuine ? shortId(payload.tid) : null),
    useDate: null,
    ...(pass ? { pass } : {}),
    ...over,
  });
  if (!checked.ok) {
    const reason = PASS_REFUSALS[checked.reason];
    const day = reason === 'notYetValid' ? (payload.from ?? null) : reason === 'expired' ? payload.date : null;
    return refuse(reason, { useDate: day });
  }
  if (!holder) return refuse('unknownPass');
  // A reissued card (lost phone): the list knows the new token id before the revocation cursor says so.
  if (!holder.liveJtis.includes(payload.jti) && !CANCELLED.includes(holder.state)) return refuse('revoked');
  return judgeHolder(holder, payload.tid, { token, ticketNumber: null }, ctx, passes);
}

export { PASS_NUMBER } from '../../../../common/rules/passValidity';

/**
 * The verdict on a typed pass number: the holder of the device's list (the staff member compares the photo), its
 * current term; then as a card. The act names the typed number (the server resolves it to the term).
 */
export async function judgePassNumber(
  typed: string,
  holder: GatePassHolderRow | undefined,
  ctx: GateContext,
  passes: PassLookup,
): Promise<Verdict> {
  const term = holder?.termTicketIds[0];
  if (!holder || !term) return { kind: 'invalid', reason: 'unknownPass', ticketNumber: typed, useDate: null };
  return judgeHolder(holder, term, { token: null, ticketNumber: typed }, ctx, passes);
}

/** What the holder list and the day's visit say of a holder at this gate (card or typed number alike). */
async function judgeHolder(
  holder: GatePassHolderRow,
  termTicketId: string,
  act: { token: string | null; ticketNumber: string | null },
  ctx: GateContext,
  passes: PassLookup,
): Promise<Verdict> {
  const pass = await passView(holder, passes);
  const refuse = (reason: Refusal, over: Partial<Extract<Verdict, { kind: 'invalid' }>> = {}): Verdict => ({
    kind: 'invalid',
    reason,
    ticketNumber: pass.passNumber,
    useDate: null,
    pass,
    ...over,
  });
  if (!holder.parkIds.includes(ctx.parkId)) return refuse('otherPark');
  if (CANCELLED.includes(holder.state)) return refuse('revoked');
  if (holder.state === 'suspended') return refuse('suspended', { suspendedReason: holder.suspendedReason });
  const today = tokyoDate(ctx.now);
  const state = passState(
    { stored: 'open', validFrom: holder.validFrom, validUntil: holder.validUntil, startBy: holder.startBy ?? today },
    today,
  );
  if (state === 'expired') return refuse('expired', { useDate: holder.validUntil ?? holder.startBy });
  if (state === 'not_started' && holder.validFrom !== null) return refuse('notYetValid', { useDate: holder.validFrom });
  const visit = await dayVisit(holder, termTicketId, today, passes);
  const mode = ctx.mode ?? 'in';
  const row = visit ?? visitPlaceholder(holder, termTicketId, today, ctx.parkId);
  const listed = byList(row.id, visit, mode);
  if (listed.verdict) {
    return listed.verdict.kind === 'invalid' ? refuse(listed.verdict.reason) : { ...listed.verdict, pass };
  }
  return { kind: mode === 'out' ? 'exit' : 'admit', ticketId: termTicketId, ticket: row, ...act, pass };
}

/**
 * The holder's visit of the day, on whichever of its terms it was recorded: a renewed pass has two open terms, and
 * a card of one and the typed number (judged on the first) must find the same day's entry.
 */
async function dayVisit(holder: GatePassHolderRow, named: string, today: string, passes: PassLookup) {
  for (const term of new Set([named, ...holder.termTicketIds])) {
    const visit = await passes.visit(term, today);
    if (visit) return visit;
  }
  return null;
}

/** A ticket not in the day list is named by the start of its id (the number is not in the QR). */
const shortId = (ticketId: string) => `ID ${ticketId.slice(0, 8).toUpperCase()}`;
