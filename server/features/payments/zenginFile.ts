// The Zengin (全銀協) 総合振込 transfer file for a bank's transfer service: fixed-length records of 120 bytes in
// Shift_JIS, each ending in CRLF: one header (1), a data record (2) per transfer, one trailer (8: count and total)
// and one end record (9). Numbers are right-aligned with leading zeros, texts (half-width kana, capitals, digits)
// left-aligned with trailing spaces; every character is one byte in Shift_JIS. Pure: the caller gives the rows
// (payments/services/zenginTransferFile.ts).
import iconv from 'iconv-lite';
import type { BankAccountType } from '../../../common/dto/bankTransfer';

export const RECORD_BYTES = 120;

export interface ZenginRemitter {
  consignorCode: string;
  consignorName: string;
  bankCode: string;
  bankNameKana: string;
  branchCode: string;
  branchNameKana: string;
  accountType: BankAccountType;
  accountNumber: string;
}

export interface ZenginTransfer {
  bankCode: string;
  bankNameKana: string;
  branchCode: string;
  branchNameKana: string;
  accountType: BankAccountType;
  accountNumber: string;
  holderKana: string;
  amount: number;
}

/** 預金種目: 1 普通, 2 当座. */
const TYPE_CODE: Record<BankAccountType, string> = { ordinary: '1', current: '2' };
/** One byte per character in Shift_JIS: ASCII without controls, and half-width katakana. */
const SINGLE_BYTE = /^[\x20-\x7E\uFF61-\uFF9F]*$/;

function num(value: string | number, width: number, field: string): string {
  const text = String(value);
  if (!/^[0-9]+$/.test(text) || text.length > width) throw new Error(`zengin: ${field} ${text} is not ${width} digits`);
  return text.padStart(width, '0');
}

function alpha(value: string, width: number, field: string): string {
  if (!SINGLE_BYTE.test(value)) throw new Error(`zengin: ${field} is not half-width`);
  return value.slice(0, width).padEnd(width, ' ');
}

/** MMDD of a Tokyo date (YYYY-MM-DD). */
const mmdd = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}`;

/** The header record (データ区分 1, 種別コード 21 総合振込, コード区分 0 SJIS). */
export function headerRecord(r: ZenginRemitter, transferDate: string): string {
  return [
    '1',
    '21',
    '0',
    num(r.consignorCode, 10, 'consignor code'),
    alpha(r.consignorName, 40, 'consignor name'),
    num(mmdd(transferDate), 4, 'transfer date'),
    num(r.bankCode, 4, 'bank code'),
    alpha(r.bankNameKana, 15, 'bank name'),
    num(r.branchCode, 3, 'branch code'),
    alpha(r.branchNameKana, 15, 'branch name'),
    TYPE_CODE[r.accountType],
    num(r.accountNumber, 7, 'account number'),
    ' '.repeat(17),
  ].join('');
}

/** A data record: 手形交換所番号 blank, 新規コード 0, no customer codes, 振込指定区分 7 (電信), no EDI. */
export function dataRecord(t: ZenginTransfer): string {
  return [
    '2',
    num(t.bankCode, 4, 'bank code'),
    alpha(t.bankNameKana, 15, 'bank name'),
    num(t.branchCode, 3, 'branch code'),
    alpha(t.branchNameKana, 15, 'branch name'),
    ' '.repeat(4),
    TYPE_CODE[t.accountType],
    num(t.accountNumber, 7, 'account number'),
    alpha(t.holderKana, 30, 'holder'),
    num(t.amount, 10, 'amount'),
    '0',
    ' '.repeat(10),
    ' '.repeat(10),
    '7',
    ' ',
    ' '.repeat(7),
  ].join('');
}

export function trailerRecord(count: number, total: number): string {
  return ['8', num(count, 6, 'count'), num(total, 12, 'total'), ' '.repeat(101)].join('');
}

export const endRecord = () => `9${' '.repeat(119)}`;

/** The whole file as Shift_JIS bytes, CRLF after every record. */
export function zenginFile(
  remitter: ZenginRemitter,
  transferDate: string,
  transfers: readonly ZenginTransfer[],
): Buffer {
  const records = [
    headerRecord(remitter, transferDate),
    ...transfers.map(dataRecord),
    trailerRecord(
      transfers.length,
      transfers.reduce((sum, t) => sum + t.amount, 0),
    ),
    endRecord(),
  ];
  const bytes = records.map((r) => iconv.encode(r, 'Shift_JIS'));
  for (const b of bytes) if (b.length !== RECORD_BYTES) throw new Error(`zengin: a record of ${b.length} bytes`);
  return Buffer.concat(bytes.flatMap((b) => [b, Buffer.from('\r\n', 'ascii')]));
}
