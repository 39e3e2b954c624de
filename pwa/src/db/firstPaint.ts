// The QR code of each stored ticket, kept where the page's very first script can draw it: localStorage, read
// synchronously by the body's boot script (pwa/src/boot/body.ts, inlined into index.html) before the app's bundle
// has even been parsed. At a gate with no signal, the code is on screen within a few tens of milliseconds; the app
// then renders the full ticket page in its place. Entries follow the stored wallet: written when it is refreshed,
// removed with it.
import type { WalletTicket } from '../../../common/dto/wallet';
import { qrMatrix } from '../lib/qr';
import { FIRST_PAINT_PREFIX } from './storeNames';

export { FIRST_PAINT_PREFIX };

const QUIET = 4;

/** What the boot script (boot/body.ts) needs: the token (to know the entry is current), the module matrix, and the texts. */
export interface FirstPaint {
  token: string;
  /** Modules per side (without the quiet zone). */
  size: number;
  /** The dark modules, row by row, one bit each, base64. */
  bits: string;
  title: string;
  number: string;
  label: string;
}

/** The QR module matrix of a token (error correction M, like the ticket page; lib/qr.ts). */
export { qrMatrix };

/** The SVG path of a matrix with its quiet zone, and the side of the whole code in modules. */
export function qrPath(value: string): { path: string; n: number } {
  const { size, isDark } = qrMatrix(value);
  let path = '';
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) if (isDark(r, c)) path += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
  }
  return { path, n: size + QUIET * 2 };
}

export function firstPaintOf(ticket: WalletTicket, label: string): FirstPaint | null {
  if (!ticket.token) return null;
  const { size, isDark } = qrMatrix(ticket.token);
  const bytes = new Uint8Array(Math.ceil((size * size) / 8));
  for (let i = 0; i < size * size; i++) {
    if (isDark(Math.floor(i / size), i % size)) bytes[i >> 3] = (bytes[i >> 3] as number) | (128 >> (i & 7));
  }
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return {
    token: ticket.token,
    size,
    bits: btoa(binary),
    title: ticket.itemName,
    number: ticket.ticketNumber,
    label,
  };
}

function storedKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(FIRST_PAINT_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Keeps one entry per showable ticket: new or changed tokens are encoded (a few milliseconds each, yielding now and
 * then so the page stays responsive), entries of tickets no longer stored are removed.
 */
export async function storeFirstPaints(tickets: readonly WalletTicket[], label: string): Promise<void> {
  try {
    const keep = new Set(tickets.filter((t) => t.token).map((t) => FIRST_PAINT_PREFIX + t.id));
    for (const key of storedKeys()) if (!keep.has(key)) localStorage.removeItem(key);
    let done = 0;
    for (const t of tickets) {
      const key = FIRST_PAINT_PREFIX + t.id;
      const stored = localStorage.getItem(key);
      if (!t.token || (stored && (JSON.parse(stored) as FirstPaint).token === t.token)) continue;
      const entry = firstPaintOf(t, label);
      if (entry) localStorage.setItem(key, JSON.stringify(entry));
      if (++done % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch {
    // Storage full or unavailable: the page still draws the code itself, only later.
  }
}

export function clearFirstPaints(): void {
  try {
    for (const key of storedKeys()) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
