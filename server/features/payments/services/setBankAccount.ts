// PUT api/v1/me/bank-transfers/{id}/account: the owner enters (or corrects, until it is transferred) the bank account
// their konbini refund goes to; the transfer becomes ready for the park's finance staff. Anyone else: 404.
// Checked before anything is written (common/rules/bankAccount.ts, as the PWA's form): bank code 4 digits, branch
// code 3 digits, 普通 or 当座, up to 7 digits (stored with leading zeros), holder in katakana (stored half-width, as
// banks take it; kanji and hiragana refused); the bank and branch must be on the Zengin list, whose names are kept
// (shown back to the buyer, and in kana for the transfer file). A refused field is named in the answer's message.
import type { Knex } from 'knex';
import type { BankAccountInput, MyBankTransfer } from '../../../../common/dto/bankTransfer';
import { BANK_FIELD_MESSAGES, normaliseBankAccount } from '../../../../common/rules/bankAccount';
import { DomainError } from '../../../lib/errors';
import { presentMine, setTransferAccount } from '../bankTransfers';
import { fileKana, lookUpBank } from '../zenginBanks';

export async function setBankAccount(
  knex: Knex,
  input: { userId: number; id: string; account: Partial<Record<keyof BankAccountInput, unknown>> },
  now: Date,
): Promise<MyBankTransfer> {
  const checked = normaliseBankAccount(input.account);
  if (!checked.ok) throw new DomainError(BANK_FIELD_MESSAGES[checked.fields[0] as keyof typeof BANK_FIELD_MESSAGES]);
  const account = checked.account;
  const { bank, branch } = await lookUpBank(account.bankCode, account.branchCode);
  if (!bank) throw new DomainError('bankCodeUnknown', { code: account.bankCode });
  if (!branch) throw new DomainError('branchCodeUnknown', { code: account.branchCode });
  const names = {
    bankName: bank.name,
    bankNameKana: fileKana(bank.kana),
    branchName: branch.name,
    branchNameKana: fileKana(branch.kana),
  };
  return knex.transaction(async (trx) => {
    const row = await setTransferAccount(trx, { userId: input.userId, id: input.id, account, names }, now);
    const order = await trx('orders').where({ id: row.orderId }).first('application_number');
    return presentMine(row, order?.applicationNumber ?? '');
  });
}
