// The annual-pass holders a gate admits, as the device keeps them for no signal (issue 29, README 2.9): one row per
// holder (gatePassHolders: its term tickets, live token ids, validity, state and suspension reason, the re-entry
// rule) found by the term ticket a member card names, and one photo thumbnail per holder (gatePassThumbs, its bytes).
//
// Storage, bounded: per holder one row (about 300 B) and at most one thumb, of at most THUMB_MAX_BYTES (the server
// encodes 96 px WebP under 6 KB; a bigger one is not kept), the old thumb deleted when the photo changes; only the
// holders of passes admitted at the parks synced and not expired (the server lists those; expiry is not a change,
// so pruneExpiredHolders drops them once a day). Above that, the thumbs together stay within a budget the sync takes
// from navigator.storage.estimate() (thumbBudget): beyond it a holder is kept without its thumb (`thumbDropped`:
// the verdict says "photo online only").
import type { GatePassHolder, GatePassHoldersPage } from '../../../common/dto/pass';
import type { GatePassHolderRow, GatePassThumb, WalletDb } from './wallet';

/** The server's cap on a thumbnail (96×96 WebP); anything bigger is not what the gate expects and is not kept. */
export const THUMB_MAX_BYTES = 6 * 1024;

/** The bytes thumbs may still take on this device; `left` goes down as they are stored. */
export interface ThumbBudget {
  left: number;
}

/** Free storage kept for everything else when thumbs would fill the device: they take at most this share of it. */
const THUMB_SHARE_OF_FREE = 1 / 1.5;

/**
 * How many bytes of thumbs this device may store now: asks the browser to keep the database (persist: iOS and
 * Chromium may otherwise evict it under pressure) and takes two thirds of the free quota. No estimate (an old
 * browser): no budget but the per-holder one.
 */
export async function thumbBudget(storage: StorageManager | undefined = globalThis.navigator?.storage) {
  try {
    await storage?.persist?.();
    const estimate = await storage?.estimate?.();
    if (estimate?.quota === undefined) return { left: Number.POSITIVE_INFINITY };
    return { left: Math.max(0, (estimate.quota - (estimate.usage ?? 0)) * THUMB_SHARE_OF_FREE) };
  } catch {
    return { left: Number.POSITIVE_INFINITY };
  }
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> | null {
  try {
    const text = atob(base64);
    const bytes = new Uint8Array(new ArrayBuffer(text.length));
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

const rowOf = (h: GatePassHolder, parkId: number, thumbDropped: boolean): GatePassHolderRow => {
  const { thumb: _thumb, removed: _removed, ...rest } = h;
  return { ...rest, parkId, thumbDropped };
};

/**
 * Applies a page of a park's holder list in one transaction with the cursor after it, so a sync cut off goes on
 * from the last page stored. `asked` null: the park's first page of a listing (its holders start afresh).
 */
export async function applyHolderPage(
  db: WalletDb,
  parkId: number,
  page: Pick<GatePassHoldersPage, 'holders' | 'next'>,
  asked: string | null,
  cursorKey: string,
  budget: ThumbBudget,
) {
  await db.transaction('rw', [db.gatePassHolders, db.gatePassThumbs, db.meta], async () => {
    if (asked === null) {
      const old = await db.gatePassHolders.where('parkId').equals(parkId).toArray();
      await db.gatePassThumbs.bulkDelete(old.flatMap((h) => (h.photoId ? [h.photoId] : [])));
      await db.gatePassHolders.bulkDelete(old.map((h) => h.holderId));
    }
    const before = new Map(
      (await db.gatePassHolders.bulkGet(page.holders.map((h) => h.holderId))).flatMap((h) =>
        h ? [[h.holderId, h] as const] : [],
      ),
    );
    const rows: GatePassHolderRow[] = [];
    const gone: number[] = [];
    const staleThumbs: string[] = [];
    const thumbs: GatePassThumb[] = [];
    for (const h of page.holders) {
      const was = before.get(h.holderId);
      // One thumb per holder: the photo it shows now.
      if (was?.photoId && (h.removed || was.photoId !== h.photoId)) staleThumbs.push(was.photoId);
      if (h.removed) {
        gone.push(h.holderId);
        continue;
      }
      let dropped = was?.photoId === h.photoId ? (was?.thumbDropped ?? false) : h.photoId !== null;
      const bytes = h.thumb && h.photoId ? bytesOf(h.thumb) : null;
      if (bytes && h.photoId) {
        dropped = bytes.length > THUMB_MAX_BYTES || bytes.length > budget.left;
        if (!dropped) {
          budget.left -= bytes.length;
          thumbs.push({ photoId: h.photoId, holderId: h.holderId, bytes });
        }
      }
      rows.push(rowOf(h, parkId, dropped));
    }
    await db.gatePassThumbs.bulkDelete(staleThumbs);
    await db.gatePassHolders.bulkDelete(gone);
    await db.gatePassHolders.bulkPut(rows);
    await db.gatePassThumbs.bulkPut(thumbs);
    await db.meta.put({ key: cursorKey, value: page.next });
  });
}

/** The holder whose term ticket a member card names (any park synced), or undefined. */
export async function findPassHolder(db: WalletDb, termTicketId: string): Promise<GatePassHolderRow | undefined> {
  return db.gatePassHolders.where('termTicketIds').equals(termTicketId).first();
}

/** The holder at `position` of the pass numbered `passNumber` (typed at the gate), or undefined. */
export async function findPassHolderByNumber(
  db: WalletDb,
  passNumber: string,
  position: number,
): Promise<GatePassHolderRow | undefined> {
  return db.gatePassHolders
    .where('passNumber')
    .equals(passNumber)
    .filter((h) => h.position === position)
    .first();
}

/** The stored thumbnail of a photo, or null. */
export async function passThumb(db: WalletDb, photoId: string | null): Promise<Blob | null> {
  if (!photoId) return null;
  const thumb = await db.gatePassThumbs.get(photoId);
  if (thumb?.bytes) return new Blob([thumb.bytes], { type: 'image/webp' });
  return thumb?.blob ?? null;
}

/**
 * Drops holders whose pass is over (its last day before `today`, or never started by its start-by day) with their
 * thumbs: expiry writes nothing on the server, so no delta says so. Answers how many went.
 */
export async function pruneExpiredHolders(db: WalletDb, today: string): Promise<number> {
  return db.transaction('rw', [db.gatePassHolders, db.gatePassThumbs], async () => {
    const over = await db.gatePassHolders
      .filter((h) => (h.validUntil !== null ? h.validUntil < today : h.startBy !== null && h.startBy < today))
      .toArray();
    await db.gatePassThumbs.bulkDelete(over.flatMap((h) => (h.photoId ? [h.photoId] : [])));
    await db.gatePassHolders.bulkDelete(over.map((h) => h.holderId));
    return over.length;
  });
}
