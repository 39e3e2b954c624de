// What the device keeps of a waiting room (localStorage, so a reload or an app restart finds it): that the visitor
// took a place in the item's queue, and the admission token once their turn came (until it is spent or expires).
const PLACE = (itemId: number) => `zp.queue.${itemId}`;
const ADMISSION = (itemId: number) => `zp.admission.${itemId}`;

export interface StoredAdmission {
  token: string;
  expiresAt: string;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const rememberPlace = (itemId: number, entryId: string) =>
  localStorage.setItem(PLACE(itemId), JSON.stringify({ entryId, at: Date.now() }));
export const hasPlace = (itemId: number) => read<{ entryId: string }>(PLACE(itemId)) !== null;

export const storeAdmission = (itemId: number, a: StoredAdmission) =>
  localStorage.setItem(ADMISSION(itemId), JSON.stringify(a));

/** The item's admission token if one is kept and not expired (an expired one is dropped). */
export function storedAdmission(itemId: number, now = Date.now()): StoredAdmission | null {
  const a = read<StoredAdmission>(ADMISSION(itemId));
  if (!a) return null;
  if (Date.parse(a.expiresAt) <= now) {
    localStorage.removeItem(ADMISSION(itemId));
    return null;
  }
  return a;
}

/** Once the admission is spent (the item is in the cart), the device forgets the room. */
export function forgetRoom(itemId: number): void {
  localStorage.removeItem(ADMISSION(itemId));
  localStorage.removeItem(PLACE(itemId));
}
