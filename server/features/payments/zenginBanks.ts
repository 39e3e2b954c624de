// Banks and branches by their Zengin codes, from the zengin-code package (the 全銀協 list, about 1,150 banks and
// 29,000 branches, refreshed monthly by its authors: keep the dependency current). Loaded on first use only
// (about 25 MB of heap), not at start-up: most processes never ask. Names in kana are turned into the half-width
// kana of a transfer file and cut to its 15 characters.
import type { BankCodeLookup } from '../../../common/dto/bankTransfer';
import { toZenginKana } from '../../../common/rules/zenginKana';

type Banks = typeof import('zengin-code').default;
let loading: Promise<Banks> | null = null;

function banks(): Promise<Banks> {
  loading ??= import('zengin-code').then((m) => (m.default ?? m) as Banks);
  return loading;
}

/** The bank (and branch) of the codes; null where the list has none. */
export async function lookUpBank(bankCode: string, branchCode?: string): Promise<BankCodeLookup> {
  const list = await banks();
  const bank = Object.hasOwn(list, bankCode) ? list[bankCode] : undefined;
  const branch = bank && branchCode && Object.hasOwn(bank.branches, branchCode) ? bank.branches[branchCode] : undefined;
  return {
    bank: bank ? { code: bank.code, name: bank.name, kana: bank.kana } : null,
    branch: branch ? { code: branch.code, name: branch.name, kana: branch.kana } : null,
  };
}

/** A name of the list as a transfer file writes it: half-width kana, at most 15 characters (cut, as banks do). */
export function fileKana(kana: string): string {
  return (toZenginKana(kana, 200, { latin: true }) ?? '').slice(0, 15);
}
