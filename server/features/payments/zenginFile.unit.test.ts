// The Zengin 総合振込 file byte by byte: 120-byte records (header 1, data 2, trailer 8, end 9) in Shift_JIS with
// CRLF, numbers zero-padded on the left, half-width kana padded with spaces on the right, count and total in the
// trailer.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { dataRecord, headerRecord, RECORD_BYTES, type ZenginRemitter, zenginFile } from './zenginFile';

const REMITTER: ZenginRemitter = {
  consignorCode: '0123456789',
  consignorName: 'ｶ)ｽﾞ-ﾊﾟｽ',
  bankCode: '0001',
  bankNameKana: 'ﾐｽﾞﾎ',
  branchCode: '001',
  branchNameKana: 'ﾄｳｷﾖｳ',
  accountType: 'current',
  accountNumber: '0000042',
};
const HANAKO = {
  bankCode: '0005',
  bankNameKana: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ',
  branchCode: '123',
  branchNameKana: 'ｼﾌﾞﾔ',
  accountType: 'ordinary' as const,
  accountNumber: '0123456',
  holderKana: 'ﾔﾏﾀﾞ ﾊﾅｺ',
  amount: 2000,
};
const TARO = { ...HANAKO, bankCode: '9900', bankNameKana: 'ﾕｳﾁﾖ', holderKana: 'ｻﾄｳ ﾀﾛｳ', amount: 1_234_567 };

/** The records of a file: its bytes cut at each CRLF. */
function records(file: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at < file.length) {
    const end = file.indexOf('\r\n', at, 'ascii');
    expect(end, 'every record ends in CRLF').toBeGreaterThan(-1);
    out.push(file.subarray(at, end));
    at = end + 2;
  }
  return out;
}
const text = (b: Buffer, from: number, length: number) => iconv.decode(b.subarray(from, from + length), 'Shift_JIS');

describe('Zengin 総合振込 file', () => {
  it('writes header, one data record per transfer, trailer and end: 120 bytes each, CRLF, Shift_JIS', () => {
    const file = zenginFile(REMITTER, '2026-12-07', [HANAKO, TARO]);
    expect(file.length).toBe(5 * (RECORD_BYTES + 2));
    expect(file.subarray(-2).toString('ascii')).toBe('\r\n');
    const [header, first, second, trailer, end] = records(file) as [Buffer, Buffer, Buffer, Buffer, Buffer];
    for (const r of [header, first, second, trailer, end]) expect(r.length).toBe(120);

    // Header: 1 | 21 | 0 | consignor code 10 | name 40 | MMDD | bank 4 | name 15 | branch 3 | name 15 | type | no 7 | 17
    expect(text(header, 0, 1)).toBe('1');
    expect(text(header, 1, 2)).toBe('21');
    expect(text(header, 3, 1)).toBe('0');
    expect(text(header, 4, 10)).toBe('0123456789');
    expect(text(header, 14, 40)).toBe(`ｶ)ｽﾞ-ﾊﾟｽ${' '.repeat(32)}`);
    expect(text(header, 54, 4)).toBe('1207');
    expect(text(header, 58, 4)).toBe('0001');
    expect(text(header, 62, 15)).toBe('ﾐｽﾞﾎ           ');
    expect(text(header, 77, 3)).toBe('001');
    expect(text(header, 80, 15)).toBe('ﾄｳｷﾖｳ          ');
    expect(text(header, 95, 1)).toBe('2');
    expect(text(header, 96, 7)).toBe('0000042');
    expect(text(header, 103, 17)).toBe(' '.repeat(17));
    // Half-width kana are single bytes 0xA1-0xDF: ｶ is 0xB6, the voiced mark ﾞ 0xDE.
    expect(header[14]).toBe(0xb6);
    expect(header.subarray(14, 54).includes(0xde)).toBe(true);

    // Data: 2 | bank 4 | name 15 | branch 3 | name 15 | clearing house 4 | type | no 7 | holder 30 | amount 10 |
    // new code | customer codes 10 + 10 | transfer kind | EDI flag | 7
    expect(text(first, 0, 1)).toBe('2');
    expect(text(first, 1, 4)).toBe('0005');
    expect(text(first, 5, 15)).toBe('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ  ');
    expect(text(first, 20, 3)).toBe('123');
    expect(text(first, 23, 15)).toBe('ｼﾌﾞﾔ           ');
    expect(text(first, 38, 4)).toBe('    ');
    expect(text(first, 42, 1)).toBe('1');
    expect(text(first, 43, 7)).toBe('0123456');
    expect(text(first, 50, 30)).toBe(`ﾔﾏﾀﾞ ﾊﾅｺ${' '.repeat(22)}`);
    expect(text(first, 80, 10)).toBe('0000002000');
    expect(text(first, 90, 1)).toBe('0');
    expect(text(first, 91, 20)).toBe(' '.repeat(20));
    expect(text(first, 111, 1)).toBe('7');
    expect(text(first, 112, 8)).toBe(' '.repeat(8));
    expect(text(second, 80, 10)).toBe('0001234567');
    expect(text(second, 50, 30).trimEnd()).toBe('ｻﾄｳ ﾀﾛｳ');

    // Trailer: 8 | count 6 | total 12 | 101 spaces. End: 9 | 119 spaces.
    expect(text(trailer, 0, 1)).toBe('8');
    expect(text(trailer, 1, 6)).toBe('000002');
    expect(text(trailer, 7, 12)).toBe('000001236567');
    expect(text(trailer, 19, 101)).toBe(' '.repeat(101));
    expect(text(end, 0, 120)).toBe(`9${' '.repeat(119)}`);
  });

  it('refuses what a record cannot hold rather than writing a wrong file', () => {
    expect(() => dataRecord({ ...HANAKO, holderKana: 'ヤマダ' })).toThrow(/holder/);
    expect(() => dataRecord({ ...HANAKO, amount: 10_000_000_000 })).toThrow(/amount/);
    expect(() => dataRecord({ ...HANAKO, bankCode: '12345' })).toThrow(/bank code/);
    expect(() => headerRecord({ ...REMITTER, consignorCode: '12' }, '2026-12-07')).not.toThrow();
    expect(() => headerRecord({ ...REMITTER, consignorCode: 'abc' }, '2026-12-07')).toThrow(/consignor/);
    // A long holder name is cut at 30 (the caller refuses names over 30 when they are entered).
    expect(dataRecord({ ...HANAKO, holderKana: 'ｱ'.repeat(40) })).toHaveLength(120);
  });
});
