import fc from 'fast-check';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr';

/** The matrix drawn as a picture (4 px a module, 4 modules of quiet zone) and read back by jsQR. */
function decode(text: string): { data: string | undefined; size: number } {
  const { size, isDark } = qrMatrix(text);
  const scale = 4;
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!isDark(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = (((r + 4) * scale + dy) * side + (c + 4) * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
      }
    }
  }
  return { data: jsQR(pixels, side, side)?.data, size };
}

describe('a QR code of our own (byte mode, level M)', () => {
  it.each([
    ['one character', 'A'],
    ['a ticket token', `v1.${'eyJ0aWQiOjEyMywicGFyayI6MX0'.repeat(4)}.sig_-AbC123`],
    ['Japanese text (UTF-8)', '上野動物園 入場券 大人 2026-11-29'],
    ['a version 7+ code (version information)', 'x'.repeat(150)],
    ['a version 10+ code (16-bit length)', 'https://example.jp/t/'.repeat(12)],
    ['a long code', 'Z'.repeat(600)],
  ])('%s decodes to its text', (_name, text) => {
    expect(decode(text).data).toBe(text);
  });

  it('takes the smallest version that holds the text', () => {
    // Version 1 at level M holds 14 bytes, version 2 26.
    expect(qrMatrix('a'.repeat(14)).size).toBe(21);
    expect(qrMatrix('a'.repeat(15)).size).toBe(25);
  });

  it('any text a ticket, a pass or a group may carry decodes to itself (random, 1 to 400 characters)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~:/?=&%';
    const tokenLike = fc
      .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 400 })
      .map((chars) => chars.join(''));
    const anyText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 });
    fc.assert(
      fc.property(fc.oneof(tokenLike, anyText), (text) => {
        expect(decode(text).data).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
