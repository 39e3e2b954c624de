// A QR code's module matrix (ISO/IEC 18004), byte mode, error correction M: what the wallet draws its tickets' codes
// with (db/firstPaint.ts). Our own instead of the qrcode package (8.8 KB of JavaScript gzip in My Tickets' first
// load, for its segment modes, renderers and the other levels this does not use). Follows the construction of
// Project Nayuki's QR Code generator (MIT): smallest version that holds the text, Reed-Solomon blocks interleaved,
// the mask of lowest penalty. qr.test.ts decodes what it makes with jsQR.

/** Error correction codewords per block, and blocks, per version (index 0 unused), for level M. */
const ECC_PER_BLOCK = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
  35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M's two format bits. */
const FORMAT_M = 0;

const bit = (x: number, i: number) => ((x >>> i) & 1) !== 0;

function rawDataModules(ver: number): number {
  let result = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const align = Math.floor(ver / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (ver >= 7) result -= 36;
  }
  return result;
}

const dataCodewords = (ver: number) =>
  Math.floor(rawDataModules(ver) / 8) - (ECC_PER_BLOCK[ver] as number) * (BLOCKS[ver] as number);

// GF(256) with the polynomial 0x11D
function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function divisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = multiply(result[j] as number, root);
      if (j + 1 < result.length) result[j] = (result[j] as number) ^ (result[j + 1] as number);
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function remainder(data: readonly number[], div: readonly number[]): number[] {
  const result = div.map(() => 0);
  for (const b of data) {
    const factor = b ^ (result.shift() as number);
    result.push(0);
    div.forEach((coef, i) => {
      result[i] = (result[i] as number) ^ multiply(coef, factor);
    });
  }
  return result;
}

/** The text's codewords with their error correction, interleaved, for a version. */
function codewords(bytes: Uint8Array, ver: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(4, 4); // byte mode
  put(bytes.length, ver <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacity = dataCodewords(ver) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((n, b) => (n << 1) | b, 0));

  const blocks = BLOCKS[ver] as number;
  const eccLen = ECC_PER_BLOCK[ver] as number;
  const raw = Math.floor(rawDataModules(ver) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLen = Math.floor(raw / blocks);
  const div = divisor(eccLen);
  const split: number[][] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const dat = data.slice(k, k + shortLen - eccLen + (i < shortBlocks ? 0 : 1));
    k += dat.length;
    const ecc = remainder(dat, div);
    if (i < shortBlocks) dat.push(0);
    split.push([...dat, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i < (split[0] as number[]).length; i++) {
    split.forEach((block, j) => {
      // The short blocks' placeholder byte is skipped.
      if (i !== shortLen - eccLen || j >= shortBlocks) result.push(block[i] as number);
    });
  }
  return result;
}

function alignmentPositions(ver: number, size: number): number[] {
  if (ver === 1) return [];
  const count = Math.floor(ver / 7) + 2;
  const step = Math.floor((ver * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

/** The penalty of a masked matrix (the standard's four rules); the mask with the lowest is used. */
function penalty(m: boolean[][]): number {
  const size = m.length;
  let score = 0;
  let dark = 0;
  const line = (get: (i: number) => boolean) => {
    let run = 1;
    let s = 0;
    for (let i = 1; i <= size; i++) {
      if (i < size && get(i) === get(i - 1)) run++;
      else {
        if (run >= 5) s += 3 + run - 5;
        run = 1;
      }
    }
    // Finder-like 1:1:3:1:1 with four light modules on one side
    for (let i = 0; i + 11 <= size; i++) {
      const p = [1, 0, 1, 1, 1, 0, 1].every((v, k) => get(i + k + 4) === !!v);
      const before = p && [0, 1, 2, 3].every((k) => !get(i + k));
      const q = [1, 0, 1, 1, 1, 0, 1].every((v, k) => get(i + k) === !!v);
      const after = q && [7, 8, 9, 10].every((k) => !get(i + k));
      if (before) s += 40;
      if (after) s += 40;
    }
    return s;
  };
  for (let y = 0; y < size; y++) {
    const row = m[y] as boolean[];
    score += line((x) => row[x] as boolean);
    score += line((x) => (m[x] as boolean[])[y] as boolean);
    for (let x = 0; x < size; x++) {
      if (row[x]) dark++;
      if (y + 1 < size && x + 1 < size) {
        const c = row[x];
        const below = m[y + 1] as boolean[];
        if (row[x + 1] === c && below[x] === c && below[x + 1] === c) score += 3;
      }
    }
  }
  const percent = (dark * 100) / (size * size);
  return score + Math.floor(Math.abs(percent - 50) / 5) * 10;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The module matrix of a text (UTF-8, byte mode, level M): `isDark(row, col)`. */
export function qrMatrix(text: string): { size: number; isDark: (row: number, col: number) => boolean } {
  const bytes = new TextEncoder().encode(text);
  let ver = 1;
  while (4 + (ver <= 9 ? 8 : 16) + bytes.length * 8 > dataCodewords(ver) * 8) {
    if (++ver > 40) throw new RangeError('too long for a QR code');
  }
  const size = ver * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    (modules[y] as boolean[])[x] = dark;
    (fixed[y] as boolean[])[x] = true;
  };

  // Timing, finders, alignment, version
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const align = alignmentPositions(ver, size);
  align.forEach((ay, i) => {
    align.forEach((ax, j) => {
      const corner = (i === 0 && j === 0) || (i === 0 && j === align.length - 1) || (i === align.length - 1 && j === 0);
      if (corner) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    });
  });
  const format = (mask: number) => {
    const data = (FORMAT_M << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    for (let i = 0; i <= 5; i++) set(8, i, bit(bits, i));
    set(8, 7, bit(bits, 6));
    set(8, 8, bit(bits, 7));
    set(7, 8, bit(bits, 8));
    for (let i = 9; i < 15; i++) set(14 - i, 8, bit(bits, i));
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(bits, i));
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(bits, i));
    set(8, size - 8, true);
  };
  format(0);
  if (ver >= 7) {
    let rem = ver;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (ver << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, bit(bits, i));
      set(b, a, bit(bits, i));
    }
  }

  // The data in the zigzag, upwards and downwards in columns of two from the right
  const data = codewords(bytes, ver);
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!(fixed[y] as boolean[])[x] && i < data.length * 8) {
          (modules[y] as boolean[])[x] = bit(data[i >>> 3] as number, 7 - (i & 7));
          i++;
        }
      }
    }
  }

  const masked = (mask: number) => {
    format(mask);
    const test = MASKS[mask] as (x: number, y: number) => boolean;
    return modules.map((row, y) => row.map((dark, x) => (!(fixed[y] as boolean[])[x] && test(x, y) ? !dark : dark)));
  };
  let best = masked(0);
  let bestMask = 0;
  let bestScore = penalty(best);
  for (let mask = 1; mask < 8; mask++) {
    const m = masked(mask);
    const score = penalty(m);
    if (score < bestScore) [best, bestMask, bestScore] = [m, mask, score];
  }
  // The format bits of the chosen mask (masked() drew the last one tried into the shared matrix).
  format(bestMask);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if ((fixed[y] as boolean[])[x]) (best[y] as boolean[])[x] = (modules[y] as boolean[])[x] as boolean;
  return { size, isDark: (row, col) => (best[row] as boolean[])[col] as boolean };
}
