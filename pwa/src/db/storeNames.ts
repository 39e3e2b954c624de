// What the device stores under which name, apart from Dexie and the QR encoder: the app's entry and the boot scripts
// (pwa/src/boot, inlined into index.html, run before any of the app's code) read these without loading either.
// Dexie's schema is built from WALLET_SCHEMA (db/wallet.ts), so a store the boot reads is a store Dexie makes: rename
// one here and every reader that names it fails the type check.

export const WALLET_DB_NAME = 'zoopass-wallet';

/** The wallet database's versions (Dexie's `version(n).stores(...)`), each adding or changing the stores it names. */
export const WALLET_SCHEMA = {
  1: {
    tickets: 'id, useDate, state, park.id',
    parks: 'id',
    maps: 'url, parkId',
    details: 'ticketId',
    outbox: 'clientId, ticketId, state',
    meta: 'key',
  },
  // Map mode's data per park (places, walkway graph, control points, the day's events).
  2: { parkMaps: 'parkId' },
  // The gate scanner's (features/staff) keys, revocations and the day's tickets per park, kept for offline gates.
  3: {
    gateParks: 'id',
    gateKeys: 'kid, parkId',
    gateRevocations: 'jti, parkId',
    gateTickets: 'id, parkId, ticketNumber, [parkId+date]',
  },
  // A day list's first sync stores each page as one record (db/gateDayList.ts); gateTickets keeps the tickets changed
  // since and this device's admissions, and loses the [parkId+date] index nobody read.
  4: {
    gateTickets: 'id, parkId, ticketNumber',
    gateDayPages: 'key, parkId',
  },
  // Annual passes at the gate (issue 29; db/gatePasses.ts): the holders the parks admit, looked up by the term ticket
  // a member card names, and their 96 px photo thumbnails (Blobs). gateTickets finds a pass's visit of a day (the
  // day list's visit ticket, or this device's own admission) by term ticket and date.
  // (Version 5 is another feature's; 7 the visitor's member cards.)
  6: {
    gatePassHolders: 'holderId, parkId, *termTicketIds, passNumber',
    gatePassThumbs: 'photoId',
    gateTickets: 'id, parkId, ticketNumber, [passTicketId+date]',
  },
  // The visitor's annual pass member cards (GET api/v1/me/passes), one per holder (key `${passId}:${holderId}`), so a
  // card and its QR open with no network. Version 7: version 6 is the gate's (features/staff, pass holders).
  7: { memberCards: 'key, passId' },
} as const;

type Schema = typeof WALLET_SCHEMA;
/** Every store of the wallet database's current version. */
export type WalletStore = { [V in keyof Schema]: keyof Schema[V] }[keyof Schema];

/** The IndexedDB version of Dexie's current one (Dexie multiplies by 10). A function: the boot scripts leave it out. */
export const walletIdbVersion = () => Math.max(...Object.keys(WALLET_SCHEMA).map(Number)) * 10;

/** The stores the first wallet read takes (the boot script's zoopassWalletRead; db/walletSnapshot.ts). */
export const EARLY_WALLET_STORES = [
  'tickets',
  'outbox',
  'meta',
  'memberCards',
] as const satisfies readonly WalletStore[];

/** localStorage key of a ticket's QR first paint (db/firstPaint.ts writes it, the boot script draws it). */
export const FIRST_PAINT_PREFIX = 'zoopass-qr:';
