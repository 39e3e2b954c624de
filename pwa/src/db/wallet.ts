// The offline wallet (DESIGN.md "Tickets, QR and the offline wallet"): the signed-in visitor's tickets as the API
// answers them, the parks they belong to, those parks' map images (Blobs, for map mode with no network), the order
// detail of each ticket, and the outbox of acts made offline (usage marks, and a gate's admissions). A gate device
// also keeps, per park, the keys, the revocations and the day's tickets (version 3, features/staff), and the
// annual-pass holders it admits with their photo thumbnails (version 6). Used by the pages and by the service worker
// (so nothing here may touch the DOM).
import Dexie, { type EntityTable } from 'dexie';
import type { ParkMap } from '../../../common/dto/map';
import type { GatePassHolder, MemberCard } from '../../../common/dto/pass';
import type { DayTicket, StaffPark } from '../../../common/dto/staff';
import type {
  ScanAnswer,
  TicketDetail,
  TicketKey,
  UsageHistoryEntry,
  UseConflict,
  WalletPark,
  WalletTicket,
} from '../../../common/dto/wallet';
import { WALLET_DB_NAME, WALLET_SCHEMA, type WalletStore } from './storeNames';

/** What a gate admitted, to upload as POST api/v1/staff/scans (the QR token read, or the ticket number typed). */
export interface ScanAct {
  parkId: number;
  token: string | null;
  ticketNumber: string | null;
  deviceId: string;
  gateName: string;
  /** An entry (absent on acts from before exits existed) or an exit. */
  direction?: 'in' | 'out';
  /** The server's answer once sent. */
  result?: ScanAnswer['result'];
  flag?: ScanAnswer['flag'];
}

/**
 * An act waiting to reach the server: a usage mark (POST api/v1/me/tickets/{id}/use) or, with `scan`, a gate
 * admission (POST api/v1/staff/scans). One outbox, one sender, the same replay by Background Sync and on start.
 */
export interface OutboxEntry {
  /** Client-made UUID: the server's idempotency key (client_id, or scan_id for a scan). */
  clientId: string;
  ticketId: string;
  /** Device time of the act (ISO). */
  usedAt: string;
  /** Present for a gate admission. */
  scan?: ScanAct;
  /** The account that made the act (META.account then): only that account sends it (absent on acts from before). */
  ownerId?: string;
  /**
   * pending: to send; sending: claimed by one sender (page or service worker) since `claimedAt`;
   * done: the server took it; conflict: the server refused it (409, `conflict` says why).
   */
  state: 'pending' | 'sending' | 'done' | 'conflict';
  attempts: number;
  claimedAt: number | null;
  conflict: UseConflict | null;
  /** The server's localised message for a conflict. */
  message: string | null;
  createdAt: string;
  /** When the server answered (done or conflict). */
  settledAt: string | null;
  /** The conflict was shown to the visitor. */
  seen?: boolean;
}

export interface MapImage {
  url: string;
  parkId: number;
  blob: Blob;
  fetchedAt: string;
}

/** Map mode's data of a park (GET api/v1/parks/{id}/map) in the language it was fetched in, for offline map mode. */
export interface ParkMapRow {
  parkId: number;
  map: ParkMap;
  locale: string;
  fetchedAt: string;
}

export interface DetailRow {
  ticketId: string;
  detail: TicketDetail;
  fetchedAt: string;
}

export interface MetaRow {
  key: string;
  value: string;
}

export const META = {
  /** Server time of the last wallet answer (WalletAnswer.asOf). */
  asOf: 'asOf',
  /** Device time of the last successful refresh. */
  refreshedAt: 'refreshedAt',
  /** The user the stored tickets belong to. */
  owner: 'owner',
  /**
   * The account signed in on this device (setDeviceAccount): everything stored here but the device's own keys
   * belongs to it, and the outbox sends only its acts.
   */
  account: 'account',
  /** The first page of the usage history as last shown online (JSON of StoredHistory), for offline. */
  history: 'history',
} as const;

export interface StoredHistory {
  fetchedAt: string;
  entries: UsageHistoryEntry[];
}

/** A park a gate device scans for (GET api/v1/staff/parks, as last synced). */
export type GatePark = StaffPark & { syncedAt: string | null };
/** A park's public key (with the next one, announced before it signs). */
export type GateKey = TicketKey;
export interface GateRevocation {
  jti: string;
  parkId: number;
  seq: number;
}
/** One ticket of the day at a park; `localScanId` marks an admission made here and not yet confirmed by a sync. */
export type GateTicket = DayTicket & { parkId: number; date: string; localScanId?: string };
/** A page of a day list's listing, stored whole (db/gateDayList.ts): written once under a new key, never changed. */
export interface GateDayPage {
  key: string;
  parkId: number;
  date: string;
  tickets: GateTicket[];
}

/** A member card as GET api/v1/me/passes answered it, keyed `${passId}:${holderId}` (memberCardKey). */
export type MemberCardRow = MemberCard & { key: string };
export const memberCardKey = (c: Pick<MemberCard, 'passId' | 'holderId'>) => `${c.passId}:${c.holderId}`;
/** A pass holder a gate admits (GatePassHolder as the holder list sent it, without its thumb), kept per park synced. */
export type GatePassHolderRow = Omit<GatePassHolder, 'thumb' | 'removed'> & {
  /** The park whose list last wrote it (a holder admitted at two parks this device syncs is one row). */
  parkId: number;
  /** The thumb was not kept (over the storage bound): "photo online only". */
  thumbDropped?: boolean;
};
/**
 * A holder's 96 px photo thumbnail (one per holder: the photo the gate shows), its WebP bytes. Bytes, not a Blob:
 * Chromium writes every Blob of IndexedDB to a file of its own, and 50,000 files made the first sync minutes long.
 * Devices synced before kept Blobs (`blob`) until their next listing.
 */
export interface GatePassThumb {
  photoId: string;
  holderId: number;
  bytes?: Uint8Array<ArrayBuffer>;
  blob?: Blob;
}

interface WalletTables {
  gateParks: EntityTable<GatePark, 'id'>;
  gateKeys: EntityTable<GateKey, 'kid'>;
  gateRevocations: EntityTable<GateRevocation, 'jti'>;
  gateTickets: EntityTable<GateTicket, 'id'>;
  gateDayPages: EntityTable<GateDayPage, 'key'>;
  gatePassHolders: EntityTable<GatePassHolderRow, 'holderId'>;
  gatePassThumbs: EntityTable<GatePassThumb, 'photoId'>;
  tickets: EntityTable<WalletTicket, 'id'>;
  parks: EntityTable<WalletPark, 'id'>;
  maps: EntityTable<MapImage, 'url'>;
  parkMaps: EntityTable<ParkMapRow, 'parkId'>;
  details: EntityTable<DetailRow, 'ticketId'>;
  outbox: EntityTable<OutboxEntry, 'clientId'>;
  meta: EntityTable<MetaRow, 'key'>;
  memberCards: EntityTable<MemberCardRow, 'key'>;
}
// The tables typed here are exactly the stores of the schema (db/storeNames.ts): a store added, dropped or renamed
// on one side only is a type error.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type True<T extends true> = T;
export type TablesAreStores = True<Same<keyof WalletTables, WalletStore>>;

export type WalletDb = Dexie & WalletTables;

export { WALLET_DB_NAME };

export function openWalletDb(name: string = WALLET_DB_NAME): WalletDb {
  const db = new Dexie(name) as WalletDb;
  for (const [version, stores] of Object.entries(WALLET_SCHEMA)) db.version(Number(version)).stores(stores);
  return db;
}

let shared: WalletDb | null = null;
/** The one wallet database of this page or service worker. */
export function walletDb(): WalletDb {
  shared ??= openWalletDb();
  return shared;
}

export async function readMeta(db: WalletDb, key: string): Promise<string | null> {
  return (await db.meta.get(key))?.value ?? null;
}

/** Everything a gate keeps for the account signed in (sign-out or another account wipes it all). */
export const GATE_STORES = (db: WalletDb) => [
  db.gateParks,
  db.gateKeys,
  db.gateRevocations,
  db.gateTickets,
  db.gateDayPages,
  db.gatePassHolders,
  db.gatePassThumbs,
];

/** Meta keys of the device itself, not of an account: a gate's name, device id and mode survive sign-out. */
export const DEVICE_META_KEYS: readonly string[] = ['gate.deviceId', 'gate.name', 'gate.mode'];
/** The items each park's gate admits (gate.items.<parkId>) are the gate's setting too. */
const isDeviceMeta = (key: string) => DEVICE_META_KEYS.includes(key) || key.startsWith('gate.items.');

/**
 * Forget what the signed-in account stored: its tickets, member cards, maps, details, and a gate's parks, keys, revocations and
 * day lists (signed out, or another account signed in). The device's own keys stay. Acts not yet sent stay when
 * they name their account (only it sends them); older unnamed ones: a gate's admissions stay (facts of the park),
 * usage marks stay only with `keepWaiting`.
 */
export async function clearWallet(db: WalletDb, opts: { keepWaiting?: boolean } = {}): Promise<void> {
  const tables = [db.tickets, db.parks, db.maps, db.parkMaps, db.details, db.outbox, db.meta, db.memberCards];
  const gate = GATE_STORES(db);
  await db.transaction('rw', [...tables, ...gate], async () => {
    await Promise.all([
      db.tickets.clear(),
      db.parks.clear(),
      db.maps.clear(),
      db.parkMaps.clear(),
      db.details.clear(),
      db.memberCards.clear(),
      ...gate.map((t) => t.clear()),
    ]);
    await db.meta.filter((m) => !isDeviceMeta(m.key)).delete();
    const waiting = (e: OutboxEntry) => e.state === 'pending' || e.state === 'sending';
    await db.outbox
      .filter((e) => !(waiting(e) && (e.ownerId !== undefined || e.scan !== undefined || opts.keepWaiting)))
      .delete();
  });
}

/**
 * The account signed in on this device is now `userId` (null: signed out). Another account than the one recorded
 * (or none recorded, as on a device from before this was kept) means nothing stored may be shown or used for it:
 * the wallet and the gate store are wiped, and the gate refuses every verdict until a sync as the new account.
 * Answers whether it wiped them.
 */
export async function setDeviceAccount(db: WalletDb, userId: number | null): Promise<boolean> {
  const next = userId === null ? null : String(userId);
  if ((await readMeta(db, META.account)) === next && next !== null) return false;
  await clearWallet(db, { keepWaiting: true });
  if (next !== null) await db.meta.put({ key: META.account, value: next });
  return true;
}
