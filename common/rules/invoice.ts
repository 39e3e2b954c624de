// Qualified invoice rules (インボイス制度): the issuer's registration number and the tax per rate.

/**
 * A qualified invoice issuer's registration number: T and the 13-digit corporate number (法人番号), whose first
 * digit is a check digit: 9 - (Σ Pn × Qn mod 9) over the other 12 digits, Pn counted from the right, Qn = 1 for
 * odd n and 2 for even n (National Tax Agency's rule).
 */
export function isRegistrationNumber(value: string): boolean {
  const m = /^T(\d)(\d{12})$/.exec(value);
  if (!m) return false;
  const base = m[2] as string;
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9) === Number(m[1]);
}

export const TAX_RATES = [10, 8] as const;
export type TaxRate = (typeof TAX_RATES)[number];

export interface RateAmount {
  rate: TaxRate;
  /** Yen, tax included. */
  amount: number;
  /** Consumption tax in it. */
  tax: number;
}

/**
 * Amounts per rate with their tax, the tax computed once per rate per document (rounded down), as the invoice
 * rules require (never per line). Rates with no amount are left out; 10 % before 8 %.
 */
export function amountsByRate(lines: readonly { rate: TaxRate; amount: number }[]): RateAmount[] {
  return TAX_RATES.flatMap((rate) => {
    const amount = lines.filter((l) => l.rate === rate).reduce((n, l) => n + l.amount, 0);
    return amount === 0 ? [] : [{ rate, amount, tax: Math.floor((amount * rate) / (100 + rate)) }];
  });
}

/**
 * Takes `discount` yen off the amounts per rate in proportion (a coupon on the whole order), the remainder off the
 * largest, so the parts add up to the total less the discount exactly.
 */
export function discountByRate(
  lines: readonly { rate: TaxRate; amount: number }[],
  discount: number,
): { rate: TaxRate; amount: number }[] {
  const total = lines.reduce((n, l) => n + l.amount, 0);
  if (discount <= 0 || total === 0) return lines.map((l) => ({ ...l }));
  const cut = lines.map((l) => Math.floor((l.amount * discount) / total));
  let rest = discount - cut.reduce((n, c) => n + c, 0);
  const order = lines.map((_, i) => i).sort((a, b) => (lines[b]?.amount ?? 0) - (lines[a]?.amount ?? 0));
  for (const i of order) {
    if (rest === 0) break;
    cut[i] = (cut[i] ?? 0) + 1;
    rest--;
  }
  return lines.map((l, i) => ({ rate: l.rate, amount: l.amount - (cut[i] ?? 0) }));
}
