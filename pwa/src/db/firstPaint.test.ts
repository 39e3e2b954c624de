// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { WalletTicket } from '../../../common/dto/wallet';
import {
  clearFirstPaints,
  FIRST_PAINT_PREFIX,
  type FirstPaint,
  firstPaintOf,
  qrMatrix,
  storeFirstPaints,
} from './firstPaint';

const ticket = (id: string, token: string | null) =>
  ({ id, token, itemName: '入園券', ticketNumber: `ZP-${id}` }) as unknown as WalletTicket;
const stored = (id: string) => JSON.parse(localStorage.getItem(FIRST_PAINT_PREFIX + id) ?? 'null') as FirstPaint | null;

beforeEach(() => localStorage.clear());

describe('QR first paint', () => {
  it('packs the module matrix bit by bit, row by row (what the boot script boot/body.ts unpacks)', () => {
    const token = 'eyJ2IjoxfQ.c2lnbmF0dXJl';
    const entry = firstPaintOf(ticket('a', token), 'QR') as FirstPaint;
    const { size, isDark } = qrMatrix(token);
    expect(entry.size).toBe(size);
    const bytes = atob(entry.bits);
    for (let i = 0; i < size * size; i++) {
      const bit = (bytes.charCodeAt(i >> 3) & (128 >> (i & 7))) !== 0;
      expect(bit).toBe(isDark(Math.floor(i / size), i % size));
    }
    expect(firstPaintOf(ticket('b', null), 'QR')).toBeNull();
  });

  it('keeps one entry per ticket with a token, re-encodes only changed tokens, drops the others', async () => {
    localStorage.setItem(`${FIRST_PAINT_PREFIX}gone`, '{}');
    localStorage.setItem('unrelated', 'x');
    await storeFirstPaints([ticket('a', 'token-a'), ticket('b', null)], 'QR');
    expect(stored('a')?.token).toBe('token-a');
    expect(stored('b')).toBeNull();
    expect(stored('gone')).toBeNull();
    const before = localStorage.getItem(`${FIRST_PAINT_PREFIX}a`);
    await storeFirstPaints([ticket('a', 'token-a')], 'QR (other label)');
    expect(localStorage.getItem(`${FIRST_PAINT_PREFIX}a`)).toBe(before);
    await storeFirstPaints([ticket('a', 'token-a2')], 'QR');
    expect(stored('a')?.token).toBe('token-a2');
    clearFirstPaints();
    expect(stored('a')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('x');
  });
});
