// GET api/v1/staff/parks/{parkId}/bank-transfers.csv: the list of transfers to make (and made) as a spreadsheet, its
// header row in the request's language.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { csvFile } from '../../../lib/csv';
import { type BankTransferFilter, listBankTransfers } from './listBankTransfers';

const HEAD: Record<Locale, string[]> = {
  ja: [
    '申込番号',
    'お客様',
    '金額',
    '状態',
    '銀行コード',
    '銀行名',
    '支店コード',
    '支店名',
    '種別',
    '口座番号',
    '口座名義（カナ）',
    '振込日',
    '口座未登録の日数',
    '理由',
    'ID',
  ],
  en: [
    'Order number',
    'Customer',
    'Amount',
    'State',
    'Bank code',
    'Bank',
    'Branch code',
    'Branch',
    'Type',
    'Account number',
    'Holder (kana)',
    'Transferred on',
    'Days without account',
    'Reason',
    'ID',
  ],
};
const TYPE: Record<Locale, Record<string, string>> = {
  ja: { ordinary: '普通', current: '当座' },
  en: { ordinary: 'Ordinary', current: 'Current' },
};

export async function bankTransfersCsv(
  knex: Knex,
  parkId: number,
  locale: Locale,
  filter: BankTransferFilter,
  now: Date,
): Promise<string> {
  const list = await listBankTransfers(knex, parkId, filter, now);
  return csvFile(
    HEAD[locale],
    list.map((t) => [
      t.applicationNumber,
      t.customerName,
      t.amount,
      t.state,
      t.account?.bankCode ?? null,
      t.account?.bankName ?? null,
      t.account?.branchCode ?? null,
      t.account?.branchName ?? null,
      t.account ? (TYPE[locale][t.account.accountType] ?? t.account.accountType) : null,
      t.account?.accountNumber ?? null,
      t.account?.holderKana ?? null,
      t.transferredOn,
      t.state === 'awaiting_account' ? t.daysWithoutAccount : null,
      t.reason,
      t.id,
    ]),
  );
}
