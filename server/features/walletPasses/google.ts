// Google Wallet: the "Save to Google Wallet" link is a JWT (RS256, the service account's key) carrying an
// eventTicketObject whose barcode value is the app's signed token; the same object is PATCHed when the ticket changes.
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleSigner } from './certificates';
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

/** The save link: https://pay.google.com/gp/v/save/<jwt>. */
export async function saveLink(f: PassFacts, g: GoogleSigner, serial: string, origin: string, now: Date) {
  const key = await importPKCS8(g.privateKey, 'RS256');
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [origin],
    payload: { eventTicketObjects: [eventTicketObject(f, g, serial)] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(g.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return { url: `https://pay.google.com/gp/v/save/${jwt}`, jwt, objectId: googleObjectId(g, serial) };
}
