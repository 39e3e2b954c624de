// PUT api/v1/staff/parks/{parkId}/remitter-account (owner): the park's own account its refund transfers are sent
// from (bank and branch codes on the Zengin list, 普通 or 当座, up to 7 digits), its Zengin consignor code (委託者
// コード, 10 digits, given by the bank) and consignor name (katakana or capitals, stored half-width, at most 40).
// Every field is checked before anything is written; a refused one is named in the message. The one writer of
// park_remitter_accounts (ledgerWriters.unit.test.ts); audited in the park's staff trail.
import type { Knex } from 'knex';
import type { RemitterAccount, RemitterAccountInput } from '../../../../common/dto/bankTransfer';
import {
  ACCOUNT_NUMBER,
  BANK_CODE,
  BRANCH_CODE,
  CONSIGNOR_CODE,
  CONSIGNOR_NAME_MAX,
  INPUT_MAX,
  padAccountNumber,
} from '../../../../common/rules/bankAccount';
import { toZenginKana } from '../../../../common/rules/zenginKana';
import { DomainError } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { fileKana, lookUpBank } from '../zenginBanks';
import { presentRemitter, remitterRow } from './getRemitterAccount';

export async function setRemitterAccount(
  knex: Knex,
  input: { parkId: number; actorUserId: number; account: Record<keyof RemitterAccountInput, string> },
): Promise<RemitterAccount> {
  const a = input.account;
  const trim = (v: string) => (v ?? '').trim();
  if (!CONSIGNOR_CODE.test(trim(a.consignor_code))) throw new DomainError('consignorCodeInvalid');
  const name =
    trim(a.consignor_name).length <= INPUT_MAX
      ? toZenginKana(trim(a.consignor_name), CONSIGNOR_NAME_MAX, { latin: true })
      : null;
  if (name === null) throw new DomainError('consignorNameInvalid');
  if (!BANK_CODE.test(trim(a.bank_code))) throw new DomainError('bankCodeInvalid');
  if (!BRANCH_CODE.test(trim(a.branch_code))) throw new DomainError('branchCodeInvalid');
  if (a.account_type !== 'ordinary' && a.account_type !== 'current') throw new DomainError('accountTypeInvalid');
  if (!ACCOUNT_NUMBER.test(trim(a.account_number))) throw new DomainError('accountNumberInvalid');
  const { bank, branch } = await lookUpBank(trim(a.bank_code), trim(a.branch_code));
  if (!bank) throw new DomainError('bankCodeUnknown', { code: trim(a.bank_code) });
  if (!branch) throw new DomainError('branchCodeUnknown', { code: trim(a.branch_code) });
  const values = {
    consignor_code: trim(a.consignor_code),
    consignor_name: name,
    bank_code: bank.code,
    bank_name: bank.name,
    bank_name_kana: fileKana(bank.kana),
    branch_code: branch.code,
    branch_name: branch.name,
    branch_name_kana: fileKana(branch.kana),
    account_type: a.account_type,
    account_number: padAccountNumber(trim(a.account_number)),
    updated_by: input.actorUserId,
    updated_at: new Date(),
  };
  return knex.transaction(async (trx) => {
    await trx('parks').where({ id: input.parkId }).forUpdate().first('id');
    const before = await remitterRow(trx, input.parkId);
    await trx('park_remitter_accounts')
      .insert({ park_id: input.parkId, ...values })
      .onConflict('park_id')
      .merge(values);
    const after = (await remitterRow(trx, input.parkId)) as NonNullable<typeof before>;
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'park',
      entityId: input.parkId,
      action: 'remitter_account',
      before: before ? presentRemitter(before) : null,
      after: presentRemitter(after),
    });
    return presentRemitter(after);
  });
}
