import { randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import {
  encodePayload,
  endOfTokyoDay,
  joinToken,
  PASS_TOKEN_VERSION,
  TOKEN_VERSION,
} from '../../../../common/rules/ticketToken';
import type { GatePassHolderRow, GateTicket } from '../../db/wallet';
import { judgeNumber, judgePassNumber, judgeToken, PASS_NUMBER, type PassLookup, slotRefusal } from './verdict';
import { verdictLines } from './verdictText';

const date = '2026-12-24';
const now = new Date(`${date}T10:00:00+09:00`);
const secret = ed25519.utils.randomSecretKey();
const publicKey = Buffer.from(ed25519.getPublicKey(secret)).toString('base64url');
const key = {
  kid: '1-a',
  parkId: 1,
  alg: 'Ed25519' as const,
  publicKey,
  createdAt: '',
  signsFrom: '',
  retiredAt: null,
};

function token(over: { park?: number; date?: string; jti?: string; tid?: string; slot?: string } = {}) {
  const d = over.date ?? date;
  const bytes = encodePayload({
    v: TOKEN_VERSION,
    kid: key.kid,
    jti: over.jti ?? randomUUID(),
    tid: over.tid ?? randomUUID(),
    park: over.park ?? 1,
    item: 7,
    date: d,
    slot: over.slot ?? null,
    exp: endOfTokyoDay(d),
  });
  return joinToken(bytes, ed25519.sign(bytes, secret));
}
const ticket = (over: Partial<GateTicket>): GateTicket => ({
  id: randomUUID(),
  ticketNumber: 'ZP261224-000001-01',
  jti: null,
  state: 'available',
  usedAt: null,
  usedBy: null,
  itemName: '入園券',
  unitKind: 'basic',
  ageGroupName: '大人',
  time: null,
  needsCertificate: false,
  parkId: 1,
  date,
  itemId: 7,
  inside: false,
  entries: 0,
  maxEntries: 1,
  ...over,
});
const ctx = { parkId: 1, keys: [key], revoked: new Set<string>(), now };
const none = async (): Promise<GateTicket | undefined> => undefined;

describe('the gate verdict', () => {
  it('admits a valid token of the park for today, also one not in the day list yet', async () => {
    expect((await judgeToken(token(), ctx, none)).kind).toBe('admit');
  });

  it('is orange for a ticket the day list says is used, with when and which gate', async () => {
    const tid = randomUUID();
    const used = ticket({
      id: tid,
      state: 'used',
      usedAt: now.toISOString(),
      usedBy: { source: 'scan', at: now.toISOString(), deviceId: 'd', gateName: '正門' },
    });
    expect(await judgeToken(token({ tid }), ctx, async () => used)).toMatchObject({
      kind: 'used',
      gateName: '正門',
      usedAt: now.toISOString(),
    });
  });

  it('is red with why: other park, other day, revoked, replaced, cancelled, bad signature', async () => {
    const reason = async (t: string, c = ctx, lookup: typeof none = none) => {
      const v = await judgeToken(t, c, lookup);
      return v.kind === 'invalid' ? v.reason : v.kind;
    };
    expect(await reason(token({ park: 2 }))).toBe('otherPark');
    expect(await reason(token({ date: '2026-12-25' }))).toBe('otherDay');
    const jti = randomUUID();
    expect(await reason(token({ jti }), { ...ctx, revoked: new Set([jti]) })).toBe('revoked');
    const tid = randomUUID();
    expect(await reason(token({ tid }), ctx, async () => ticket({ id: tid, jti: randomUUID() }))).toBe('revoked');
    expect(await reason(token({ tid }), ctx, async () => ticket({ id: tid, state: 'cancelled' }))).toBe('revoked');
    const good = token();
    const tampered = `${good.slice(0, 12)}${good[12] === 'A' ? 'B' : 'A'}${good.slice(13)}`;
    expect(await reason(tampered)).toMatch(/badSignature|otherPark|otherDay/);
    const [p] = good.split('.');
    expect(await reason(`${p}.${'A'.repeat(86)}`)).toBe('badSignature');
  });

  it('names the refused ticket and its day when the token is genuine (the staff member tells the visitor)', async () => {
    const tid = randomUUID();
    expect(await judgeToken(token({ tid, date: '2026-12-25' }), ctx, none)).toMatchObject({
      kind: 'invalid',
      reason: 'otherDay',
      ticketNumber: `ID ${tid.slice(0, 8).toUpperCase()}`,
      useDate: '2026-12-25',
    });
    const listed = ticket({ id: tid, state: 'cancelled', ticketNumber: 'T-9' });
    expect(await judgeToken(token({ tid }), ctx, async () => listed)).toMatchObject({
      reason: 'revoked',
      ticketNumber: 'T-9',
      useDate: date,
    });
    const [p] = token().split('.');
    expect(await judgeToken(`${p}.${'A'.repeat(86)}`, ctx, none)).toMatchObject({
      reason: 'badSignature',
      ticketNumber: null,
      useDate: null,
    });
  });

  it('judges a typed ticket number by the day list', () => {
    expect(judgeNumber('X', undefined, { now })).toEqual({
      kind: 'invalid',
      reason: 'unknownTicket',
      ticketNumber: 'X',
      useDate: null,
    });
    expect(judgeNumber('X', ticket({ date: '2026-12-23' }), { now })).toEqual({
      kind: 'invalid',
      reason: 'otherDay',
      ticketNumber: 'ZP261224-000001-01',
      useDate: '2026-12-23',
    });
    expect(judgeNumber('X', ticket({}), { now }).kind).toBe('admit');
  });

  it('a timed ticket enters from 15 minutes before its slot to 60 after, and a refusal says when to come back', async () => {
    // now is 10:00 in Tokyo.
    expect(await judgeToken(token({ slot: '10:30' }), ctx, none)).toMatchObject({
      kind: 'invalid',
      reason: 'tooEarly',
      at: '10:15',
      useDate: date,
    });
    expect((await judgeToken(token({ slot: '10:15' }), ctx, none)).kind).toBe('admit');
    expect((await judgeToken(token({ slot: '09:00' }), ctx, none)).kind).toBe('admit');
    expect(await judgeToken(token({ slot: '08:45' }), ctx, none)).toMatchObject({ reason: 'tooLate', at: '09:45' });
    expect(judgeNumber('X', ticket({ time: '11:00' }), { now })).toMatchObject({
      reason: 'tooEarly',
      at: '10:45',
      ticketNumber: 'ZP261224-000001-01',
    });
    // Another window (a park's setting), and a slot near midnight stays inside the day.
    expect(slotRefusal('10:30', now, { beforeMinutes: 30, afterMinutes: 0 })).toBeNull();
    expect(slotRefusal('00:05', new Date('2026-12-24T00:00:00+09:00'))).toBeNull();
    // A used ticket is "already used" whatever its slot.
    const tid = randomUUID();
    const used = ticket({ id: tid, state: 'used', usedAt: now.toISOString(), time: '18:00' });
    expect((await judgeToken(token({ tid, slot: '18:00' }), ctx, async () => used)).kind).toBe('used');
  });

  it('entry and exit: an exit lets a ticket inside out; re-entry while entries remain; refused inside or exhausted', async () => {
    const usedBy = { source: 'scan' as const, at: `${date}T09:30:00+09:00`, deviceId: 'gate-a', gateName: '正門' };
    const inside = ticket({ state: 'used', inside: true, entries: 1, maxEntries: 2, usedBy });
    const out = { ...inside, inside: false };
    const found = (t: GateTicket) => async () => t;
    const tok = () => token({ tid: inside.id });
    // Exit mode: a ticket inside goes out; one that is not inside (as far as the device knows) is refused.
    expect((await judgeToken(tok(), { ...ctx, mode: 'out' }, found(inside))).kind).toBe('exit');
    const notIn = await judgeToken(tok(), { ...ctx, mode: 'out' }, found(out));
    expect(notIn).toMatchObject({ kind: 'invalid', reason: 'notInside', ticketNumber: inside.ticketNumber });
    expect(judgeNumber(inside.ticketNumber, inside, { now, mode: 'out' }).kind).toBe('exit');
    // Entry mode: out with an entry left comes back in; inside is refused 「入場中です」 with the ticket's number.
    expect((await judgeToken(tok(), ctx, found(out))).kind).toBe('admit');
    const again = await judgeToken(tok(), ctx, found(inside));
    expect(again).toMatchObject({ kind: 'used', inside: true });
    const ja = verdictLines(again, 'ja');
    expect(ja.title).toBe('入場中です');
    expect(ja.ticket).toContain(inside.ticketNumber);
    expect(verdictLines(again, 'en').title).toBe('Already inside');
    // Entries used up: already used. One entry (no re-entry) as before: a used ticket is already used.
    const spent = { ...out, entries: 2 };
    expect((await judgeToken(tok(), ctx, found(spent))).kind).toBe('used');
    expect(judgeNumber(spent.ticketNumber, spent, { now }).kind).toBe('used');
    const single = { ...out, maxEntries: 1, entries: 1 };
    expect((await judgeToken(tok(), ctx, found(single))).kind).toBe('used');
    // No limit (null): comes back as often as it goes out.
    expect(judgeNumber(spent.ticketNumber, { ...spent, entries: 9, maxEntries: null }, { now }).kind).toBe('admit');
  });

  it('the park’s own slot window (here 30 before, 10 after) decides, not the defaults', async () => {
    const slotWindow = { beforeMinutes: 30, afterMinutes: 10 };
    const at = (hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`);
    // Slot 11:00: from 10:30 to 11:10 (the defaults would say 10:45 to 12:00).
    expect(slotRefusal('11:00', at('10:35'), slotWindow)).toBeNull();
    expect(slotRefusal('11:00', at('10:20'), slotWindow)).toEqual({ reason: 'tooEarly', at: '10:30' });
    expect(slotRefusal('11:00', at('11:20'), slotWindow)).toEqual({ reason: 'tooLate', at: '11:10' });
    const early = await judgeToken(token({ slot: '11:00' }), { ...ctx, now: at('10:20'), slotWindow }, none);
    expect(early).toMatchObject({ kind: 'invalid', reason: 'tooEarly', at: '10:30' });
    expect(verdictLines(early, 'ja').detail).toBe('10:30から入場できます（時間指定のチケット）');
    const timed = ticket({ time: '11:00:00' });
    expect(judgeNumber(timed.ticketNumber, timed, { now: at('10:35'), slotWindow }).kind).toBe('admit');
    expect(judgeNumber(timed.ticketNumber, timed, { now: at('10:35') })).toMatchObject({ reason: 'tooEarly' });
  });

  it('a gate set for some items refuses a ticket of another item, naming it (entry only)', async () => {
    const gateItems = [8];
    const refused = await judgeToken(token(), { ...ctx, gateItems }, none);
    expect(refused).toMatchObject({ kind: 'invalid', reason: 'otherItem' });
    const listed = ticket({ itemId: 7, itemName: '夜の動物園ツアー' });
    const byNumber = judgeNumber(listed.ticketNumber, listed, { now, gateItems });
    expect(byNumber).toMatchObject({ kind: 'invalid', reason: 'otherItem', itemName: '夜の動物園ツアー' });
    expect(verdictLines(byNumber, 'ja').detail).toBe('夜の動物園ツアーのチケットです。このゲートでは入場できません');
    expect(verdictLines(byNumber, 'en').detail).toContain('夜の動物園ツアー');
    expect(verdictLines(byNumber, 'ja').ticket).toContain(listed.ticketNumber);
    // The item the gate is set for, no setting, or an exit: as ever.
    expect(judgeNumber(listed.ticketNumber, listed, { now, gateItems: [7, 8] }).kind).toBe('admit');
    expect(judgeNumber(listed.ticketNumber, listed, { now, gateItems: [] }).kind).toBe('admit');
    const inside = { ...listed, state: 'used' as const, inside: true, entries: 1 };
    expect(judgeNumber(listed.ticketNumber, inside, { now, gateItems, mode: 'out' }).kind).toBe('exit');
  });
});

// Member cards (issue 29, README 2.8): a v3 token of this park or a partner's, judged by the holder list and the
// holder's visit of the day.
describe('the gate verdict on a member card', () => {
  const partnerSecret = ed25519.utils.randomSecretKey();
  const partnerKey = {
    ...key,
    kid: '3-a',
    parkId: 3,
    publicKey: Buffer.from(ed25519.getPublicKey(partnerSecret)).toString('base64url'),
  };
  const term = randomUUID();
  const jti = randomUUID();
  function card(over: { park?: number; jti?: string; tid?: string; until?: string; from?: string | null } = {}) {
    const until = over.until ?? '2027-06-30';
    const park = over.park ?? 1;
    const bytes = encodePayload({
      v: PASS_TOKEN_VERSION,
      kid: park === 3 ? partnerKey.kid : key.kid,
      jti: over.jti ?? jti,
      tid: over.tid ?? term,
      park,
      item: 70,
      date: until,
      slot: null,
      from: over.from === undefined ? '2026-07-01' : over.from,
      exp: endOfTokyoDay(until),
    });
    return joinToken(bytes, ed25519.sign(bytes, park === 3 ? partnerSecret : secret));
  }
  const holder = (over: Partial<GatePassHolderRow> = {}): GatePassHolderRow => ({
    holderId: 41,
    passId: 9,
    passNumber: 'P001-0000009',
    position: 2,
    name: '動物 花子',
    ageGroupName: '大人',
    unitKind: 'basic',
    parkIds: [1],
    termTicketIds: [term],
    liveJtis: [jti],
    state: 'active',
    suspendedReason: null,
    validFrom: '2026-07-01',
    validUntil: '2027-06-30',
    startBy: '2027-06-30',
    maxEntries: 1,
    photoId: 'photo-41',
    photoState: 'pending',
    parkId: 1,
    ...over,
  });
  const thumb = new Blob(['webp'], { type: 'image/webp' });
  /** The device's store: holders by term ticket, visits by term and day, thumbs by photo. */
  function store(h: GatePassHolderRow | undefined, visits: GateTicket[] = []): PassLookup {
    return {
      holder: async (id) => (h?.termTicketIds.includes(id) ? h : undefined),
      visit: async (id, day) => visits.find((v) => v.passTicketId === id && v.date === day),
      thumb: async (photoId) => (photoId === h?.photoId ? thumb : null),
    };
  }
  const passCtx = { ...ctx, keys: [key, partnerKey], passParkIds: [1, 3] };
  const visit = (over: Partial<GateTicket> = {}) =>
    ticket({ id: randomUUID(), passTicketId: term, ticketNumber: 'P001-0000009-2-V20261224', ...over });
  const usedBy = { source: 'scan' as const, at: `${date}T09:00:00+09:00`, deviceId: 'gate-b', gateName: '東門' };

  it('admits the holder once a day with name, number, validity and photo; the move goes on a visit placeholder', async () => {
    const v = await judgeToken(card(), passCtx, none, store(holder()));
    expect(v).toMatchObject({
      kind: 'admit',
      ticketId: term,
      ticket: { id: `pv:${term}:${date}`, passTicketId: term, date, maxEntries: 1 },
      pass: {
        holderName: '動物 花子',
        passNumber: 'P001-0000009-2',
        validUntil: '2027-06-30',
        photoState: 'pending',
        photo: thumb,
      },
    });
    expect(verdictLines(v, 'ja')).toMatchObject({ title: '入場OK', ticket: '年間パス P001-0000009-2' });
    expect(verdictLines(v, 'en').detail).toContain('Valid until');
    // Not started yet (from first entry): admitted, and the verdict says the validity starts today.
    const fresh = holder({ validFrom: null, validUntil: null, state: 'not_started' });
    const first = await judgeToken(card({ from: null }), passCtx, none, store(fresh));
    expect(first.kind).toBe('admit');
    expect(verdictLines(first, 'en').detail).toBe('First entry (the validity starts today)');
  });

  it('a second entry the same day is refused with one entry a day, and allowed while entries remain', async () => {
    const inOnce = visit({ state: 'used', inside: false, entries: 1, maxEntries: 1, usedBy });
    const once = await judgeToken(card(), passCtx, none, store(holder(), [inOnce]));
    expect(once).toMatchObject({ kind: 'used', gateName: '東門', pass: { holderName: '動物 花子' } });
    expect(verdictLines(once, 'ja').title).toBe('使用済み');
    // Re-entry (maxEntries 3): out after one entry comes back in; inside is refused 「入場中です」.
    const out = visit({ state: 'used', inside: false, entries: 1, maxEntries: 3, usedBy });
    const again = await judgeToken(card(), passCtx, none, store(holder({ maxEntries: 3 }), [out]));
    expect(again).toMatchObject({ kind: 'admit', ticket: { id: out.id } });
    const inside = { ...out, inside: true };
    expect(await judgeToken(card(), passCtx, none, store(holder({ maxEntries: 3 }), [inside]))).toMatchObject({
      kind: 'used',
      inside: true,
    });
    const spent = { ...out, entries: 3 };
    expect((await judgeToken(card(), passCtx, none, store(holder({ maxEntries: 3 }), [spent]))).kind).toBe('used');
    // Exit mode lets the holder out.
    expect((await judgeToken(card(), { ...passCtx, mode: 'out' }, none, store(holder(), [inside]))).kind).toBe('exit');
  });

  it('refuses a suspended pass with the reason, in ja and en, with the holder shown', async () => {
    const v = await judgeToken(
      card(),
      passCtx,
      none,
      store(holder({ state: 'suspended', suspendedReason: '他人への貸与の確認中' })),
    );
    expect(v).toMatchObject({
      kind: 'invalid',
      reason: 'suspended',
      suspendedReason: '他人への貸与の確認中',
      ticketNumber: 'P001-0000009-2',
      pass: { holderName: '動物 花子' },
    });
    expect(verdictLines(v, 'ja')).toMatchObject({
      title: '無効なパス',
      detail: '利用停止中です：他人への貸与の確認中',
      ticket: '年間パス P001-0000009-2',
    });
    expect(verdictLines(v, 'en').detail).toBe('Suspended: 他人への貸与の確認中');
  });

  it('refuses the old QR of a reissued card (its jti no longer live), and a cancelled pass', async () => {
    const reissued = holder({ liveJtis: [randomUUID()] });
    expect(await judgeToken(card(), passCtx, none, store(reissued))).toMatchObject({
      kind: 'invalid',
      reason: 'revoked',
    });
    // Synced revocations refuse it too, before the list is read.
    expect(await judgeToken(card(), { ...passCtx, revoked: new Set([jti]) }, none, store(holder()))).toMatchObject({
      reason: 'revoked',
    });
    expect(await judgeToken(card(), passCtx, none, store(holder({ state: 'cancelled' })))).toMatchObject({
      reason: 'revoked',
    });
  });

  it('another park’s card is refused; a partner park’s is admitted with that park’s key', async () => {
    // Park 2 is no partner of this gate: its cards are refused before any lookup.
    const other = await judgeToken(card({ park: 2 }), passCtx, none, store(holder({ parkIds: [2] })));
    expect(other).toMatchObject({ kind: 'invalid', reason: 'otherPark' });
    // Park 3's pass admits here too.
    const partner = holder({ parkIds: [3, 1], passNumber: 'P003-0000001' });
    expect(await judgeToken(card({ park: 3 }), passCtx, none, store(partner))).toMatchObject({
      kind: 'admit',
      pass: { passNumber: 'P003-0000001-2' },
    });
    // A partner's product that does not list this park: refused by the holder's parks.
    expect(await judgeToken(card({ park: 3 }), passCtx, none, store(holder({ parkIds: [3] })))).toMatchObject({
      reason: 'otherPark',
    });
    // Without the partner set (a gate that admits only its own passes).
    expect(await judgeToken(card({ park: 3 }), ctx, none, store(partner))).toMatchObject({ reason: 'otherPark' });
  });

  it('refuses a pass not yet valid and an expired one with the date; an unknown holder asks for a sync', async () => {
    // A renewal's next term (the token starts later).
    const later = await judgeToken(card({ from: '2027-01-01' }), passCtx, none, store(holder()));
    expect(later).toMatchObject({ kind: 'invalid', reason: 'notYetValid', useDate: '2027-01-01' });
    expect(verdictLines(later, 'ja').detail).toBe('2027年1月1日(金)から使えるパスです');
    // The list knows better than the token: the holder's term starts later.
    const notYet = await judgeToken(card(), passCtx, none, store(holder({ validFrom: '2026-12-25' })));
    expect(notYet).toMatchObject({ reason: 'notYetValid', useDate: '2026-12-25' });
    // The token's last day is past.
    const over = await judgeToken(card({ until: '2026-12-23' }), passCtx, none, store(holder()));
    expect(over).toMatchObject({ reason: 'expired', useDate: '2026-12-23' });
    expect(verdictLines(over, 'en').detail).toContain('Expired');
    // Never started by its start-by day: expired unused.
    const unused = holder({ validFrom: null, validUntil: null, startBy: '2026-12-20', state: 'not_started' });
    expect(await judgeToken(card({ from: null }), passCtx, none, store(unused))).toMatchObject({
      reason: 'expired',
      useDate: '2026-12-20',
    });
    expect(await judgeToken(card(), passCtx, none, store(undefined))).toMatchObject({ reason: 'unknownPass' });
    expect(verdictLines(await judgeToken(card(), passCtx, none, store(undefined)), 'ja').detail).toContain('同期');
  });
  it('a renewed pass: one visit a day whichever term the card or the typed number names', async () => {
    const renewed = randomUUID();
    const h = holder({ termTicketIds: [term, renewed] });
    // The card of the renewed term admitted today: the typed number (judged on the first term) is already used.
    const byCard = visit({ passTicketId: renewed, state: 'used', usedBy });
    expect(await judgePassNumber('P001-0000009-2', h, passCtx, store(h, [byCard]))).toMatchObject({
      kind: 'used',
    });
    // The typed number admitted first (its placeholder on the first term): the renewed card is then used.
    const byNumber = visit({ passTicketId: term, state: 'used', usedBy });
    expect(await judgeToken(card({ tid: renewed }), passCtx, none, store(h, [byNumber]))).toMatchObject({
      kind: 'used',
    });
  });
});

describe('a pass number typed at the gate', () => {
  it('finds the holder and judges it as a card: admitted with the photo, suspended refused, unknown number', async () => {
    const term = randomUUID();
    const h: GatePassHolderRow = {
      holderId: 7,
      passId: 3,
      passNumber: 'P001-0000003',
      position: 1,
      name: '動物 太郎',
      ageGroupName: null,
      unitKind: 'basic',
      parkIds: [1],
      termTicketIds: [term],
      liveJtis: [],
      state: 'active',
      suspendedReason: null,
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      startBy: '2026-12-31',
      maxEntries: 1,
      photoId: null,
      photoState: 'none',
      parkId: 1,
    };
    const passes: PassLookup = { holder: async () => h, visit: async () => undefined, thumb: async () => null };
    expect(PASS_NUMBER.test('P001-0000003-1')).toBe(true);
    expect(await judgePassNumber('P001-0000003-1', h, ctx, passes)).toMatchObject({
      kind: 'admit',
      ticketId: term,
      token: null,
      ticketNumber: 'P001-0000003-1',
      pass: { holderName: '動物 太郎', photo: null },
    });
    const stopped = { ...h, state: 'suspended' as const, suspendedReason: '確認中' };
    expect(await judgePassNumber('P001-0000003-1', stopped, ctx, passes)).toMatchObject({ reason: 'suspended' });
    expect(await judgePassNumber('P001-0000003-9', undefined, ctx, passes)).toMatchObject({
      reason: 'unknownPass',
      ticketNumber: 'P001-0000003-9',
    });
  });
});
