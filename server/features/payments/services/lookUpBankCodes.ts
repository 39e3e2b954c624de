// GET api/v1/bank-codes?bank=&branch=: the bank and branch of Zengin codes (the zengin-code list), so the refund
// account form shows the names back as the visitor types the codes.
import type { BankCodeLookup } from '../../../../common/dto/bankTransfer';
import { lookUpBank } from '../zenginBanks';

export function lookUpBankCodes(bankCode: string, branchCode?: string): Promise<BankCodeLookup> {
  return lookUpBank(bankCode, branchCode);
}
