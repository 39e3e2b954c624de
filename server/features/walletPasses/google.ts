// Google Wallet: the "Save to Google Wallet" link is a JWT (RS256, the service account's key) carrying an
// eventTicketObject whose barcode value is the app's signed token; the same object is PATCHed when the ticket changes.
// A member card is a genericObject with its card's token.
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleSigner } from './certificates';
import { MEMBER_LABELS, type MemberPassFacts, showableToken } from './memberPkpass';
import { LABELS, type PassFacts, passState, relevantDate, statusText } from './passContent';

const text = (ja: string, en: string) => ({
  defaultValue: { language: 'ja', value: ja },
  translatedValues: [{ language: 'en', value: en }],
});

export const googleObjectId = (g: GoogleSigner, serial: string) => `${g.issuerId}.${serial.replace(/[^\w.-]/g, '_')}`;

export function eventTicketObject(f: PassFacts, g: GoogleSigner, serial: string): Record<string, unknown> {
  const { ja, en } = f.byLocale;
  const state = passState(f);
  const start = relevantDate(ja);
  return {
    id: googleObjectId(g, serial),
    classId: `${g.issuerId}.park-${ja.park.id}-item-${ja.itemId}`,
    state: state === 'ok' ? 'ACTIVE' : state === 'used' ? 'COMPLETED' : 'INACTIVE',
    ticketNumber: ja.ticketNumber,
    ...(state === 'ok' && ja.token ? { barcode: { type: 'QR_CODE', value: ja.token } } : {}),
    validTimeInterval: { start: { date: start.toISOString() } },
    locations: [{ latitude: f.park.latitude, longitude: f.park.longitude }],
    textModulesData: [
      { id: 'park', header: LABELS.ja.park, body: ja.park.name, localizedBody: text(ja.park.name, en.park.name) },
      { id: 'item', header: LABELS.ja.item, body: ja.itemName, localizedBody: text(ja.itemName, en.itemName) },
      {
        id: 'date',
        header: LABELS.ja.date,
        body: `${ja.useDate}${ja.time ? ` ${ja.time.slice(0, 5)}` : ''}`,
      },
      {
        id: 'status',
        header: LABELS.ja.status,
        body: statusText(f, 'ja'),
        localizedBody: text(statusText(f, 'ja'), statusText(f, 'en')),
      },
    ],
  };
}

/**
 * A member card as a Google Wallet generic object (the twin of memberPkpass.ts): the holder's name as its header,
 * the pass number, validity, product and park, and the card's QR while it can be shown at a gate.
 */
export function memberGenericObject(f: MemberPassFacts, g: GoogleSigner, serial: string): Record<string, unknown> {
  const token = showableToken(f);
  const ja = f.card?.byLocale.ja;
  const en = f.card?.byLocale.en;
  const L = MEMBER_LABELS;
  const validity = (l: typeof L.ja | typeof L.en) =>
    ja?.validUntil ? `${ja.validFrom ?? ''} – ${ja.validUntil}` : l.notStarted;
  return {
    id: googleObjectId(g, serial),
    classId: `${g.issuerId}.member-card`,
    state: token ? 'ACTIVE' : 'INACTIVE',
    cardTitle: text(ja?.product.name ?? 'ZooPass', en?.product.name ?? 'ZooPass'),
    header: text(ja?.holderName ?? f.holderName, en?.holderName ?? f.holderName),
    subheader: text(L.ja.holder, L.en.holder),
    hexBackgroundColor: '#1b5e20',
    ...(token ? { barcode: { type: 'QR_CODE', value: token } } : {}),
    ...(f.park ? { locations: [{ latitude: f.park.latitude, longitude: f.park.longitude }] } : {}),
    textModulesData: [
      { id: 'number', header: L.ja.number, body: f.passNumber, localizedHeader: text(L.ja.number, L.en.number) },
      {
        id: 'validity',
        header: L.ja.validity,
        body: validity(L.ja),
        localizedHeader: text(L.ja.validity, L.en.validity),
        localizedBody: text(validity(L.ja), validity(L.en)),
      },
      {
        id: 'park',
        header: L.ja.park,
        body: ja?.product.parkNames.join(' / ') ?? '',
        localizedHeader: text(L.ja.park, L.en.park),
        localizedBody: text(ja?.product.parkNames.join(' / ') ?? '', en?.product.parkNames.join(' / ') ?? ''),
      },
    ],
  };
}

/** The save link of wallet objects: https://pay.google.com/gp/v/save/<jwt>. */
async function signedSaveLink(payload: Record<string, unknown[]>, g: GoogleSigner, origin: string, now: Date) {
  const key = await importPKCS8(g.privateKey, 'RS256');
  const jwt = await new SignJWT({ typ: 'savetowallet', origins: [origin], payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(g.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return { url: `https://pay.google.com/gp/v/save/${jwt}`, jwt };
}

/** A ticket's save link (its object is remembered by the caller so later changes are PATCHed to it). */
export async function saveLink(f: PassFacts, g: GoogleSigner, serial: string, origin: string, now: Date) {
  const link = await signedSaveLink({ eventTicketObjects: [eventTicketObject(f, g, serial)] }, g, origin, now);
  return { ...link, objectId: googleObjectId(g, serial) };
}

/** A member card's save link. */
export async function memberSaveLink(f: MemberPassFacts, g: GoogleSigner, serial: string, origin: string, now: Date) {
  const link = await signedSaveLink({ genericObjects: [memberGenericObject(f, g, serial)] }, g, origin, now);
  return { ...link, objectId: googleObjectId(g, serial) };
}
