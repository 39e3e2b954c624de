// GET api/v1/staff/parks/{parkId}/bank-transfers.zengin?transfer_date= (finance): the transfers ready to make (the
// buyer entered an account, not transferred yet) as a Zengin 総合振込 file for the park's bank (zenginFile.ts), sent
// from the park's remitting account (its owner sets it: 409 remitterAccountMissing until then). 取組日 is
// transfer_date, a Tokyo date from today on. Transfers whose account was entered before bank and branch codes were
// asked (or whose holder cannot be written in half-width kana) are left out and counted in `skipped`: finance sees
// them in the list. Nothing ready: 409 zenginNothingReady. Downloading writes no state; finance still marks each
// transfer once the bank made it.
import type { Knex } from 'knex';
import { HOLDER_KANA_MAX } from '../../../../common/rules/bankAccount';
import { toZenginKana } from '../../../../common/rules/zenginKana';
import { tokyoDate } from '../../../../common/time';
import { DomainError } from '../../../lib/errors';
import type { BankTransferRow } from '../bankTransfers';
import { type ZenginTransfer, zenginFile } from '../zenginFile';
import { remitterRow } from './getRemitterAccount';

export interface ZenginDownload {
  file: Buffer;
  count: number;
  total: number;
  skipped: number;
}

export async function zenginTransferFile(
  knex: Knex,
  parkId: number,
  transferDate: string,
  now: Date,
): Promise<ZenginDownload> {
  if (transferDate < tokyoDate(now)) throw new DomainError('invalidParam', { field: 'transfer_date' });
  const remitter = await remitterRow(knex, parkId);
  if (!remitter) throw new DomainError('remitterAccountMissing');
  const rows = (await knex('bank_transfer_refunds')
    .where({ park_id: parkId, state: 'ready' })
    .orderBy('account_set_at')
    .orderBy('id')) as BankTransferRow[];
  const transfers: ZenginTransfer[] = [];
  let skipped = 0;
  for (const r of rows) {
    const holder = toZenginKana(r.holderKana ?? '', HOLDER_KANA_MAX);
    if (!r.bankCode || !r.branchCode || !r.accountNumber || !r.accountType || holder === null) {
      skipped++;
      continue;
    }
    transfers.push({
      bankCode: r.bankCode,
      bankNameKana: r.bankNameKana ?? '',
      branchCode: r.branchCode,
      branchNameKana: r.branchNameKana ?? '',
      accountType: r.accountType,
      accountNumber: r.accountNumber,
      holderKana: holder,
      amount: r.amount,
    });
  }
  if (transfers.length === 0) throw new DomainError('zenginNothingReady');
  const file = zenginFile(
    {
      consignorCode: remitter.consignorCode,
      consignorName: remitter.consignorName,
      bankCode: remitter.bankCode,
      bankNameKana: remitter.bankNameKana,
      branchCode: remitter.branchCode,
      branchNameKana: remitter.branchNameKana,
      accountType: remitter.accountType,
      accountNumber: remitter.accountNumber,
    },
    transferDate,
    transfers,
  );
  return { file, count: transfers.length, total: transfers.reduce((s, t) => s + t.amount, 0), skipped };
}
