// GET api/v1/staff/parks/{parkId}/remitter-account (owner): the park's own account its refund transfers are sent
// from, with its Zengin consignor code and name; null until the owner sets it (setRemitterAccount.ts).
import type { Knex } from 'knex';
import type { BankAccountType, RemitterAccount } from '../../../../common/dto/bankTransfer';

export interface RemitterRow {
  parkId: number;
  consignorCode: string;
  consignorName: string;
  bankCode: string;
  bankName: string;
  bankNameKana: string;
  branchCode: string;
  branchName: string;
  branchNameKana: string;
  accountType: BankAccountType;
  accountNumber: string;
}

export const presentRemitter = (r: RemitterRow): RemitterAccount => ({
  consignorCode: r.consignorCode,
  consignorName: r.consignorName,
  bankCode: r.bankCode,
  bankName: r.bankName,
  branchCode: r.branchCode,
  branchName: r.branchName,
  accountType: r.accountType,
  accountNumber: r.accountNumber,
});

export async function remitterRow(db: Knex | Knex.Transaction, parkId: number): Promise<RemitterRow | null> {
  return ((await db('park_remitter_accounts').where({ park_id: parkId }).first()) as RemitterRow | undefined) ?? null;
}

export async function getRemitterAccount(knex: Knex, parkId: number): Promise<RemitterAccount | null> {
  const row = await remitterRow(knex, parkId);
  return row ? presentRemitter(row) : null;
}
