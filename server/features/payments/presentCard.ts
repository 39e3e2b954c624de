import type { CardBrand, RegisteredCard } from '../../../common/rules/card';

/** A user_cards row as its owner sees it (provider references stay on the server). */
export function presentCard(row: Record<string, unknown>): RegisteredCard {
  return {
    id: Number(row.id),
    brand: row.brand as CardBrand,
    last4: String(row.last4),
    expiry: String(row.expiry),
    holderName: (row.holderName as string | null) ?? null,
    isDefault: Boolean(row.isDefault),
    createdAt: new Date(row.createdAt as string).toISOString(),
  };
}
