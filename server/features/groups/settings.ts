// A park's group settings, with defaults when the park has saved none (20 to 400 people, no exemptions, 14 days).
import type { Db } from '../../lib/routeKit';

export interface GroupSettings {
  minSize: number;
  maxSize: number;
  exemptionKinds: string[];
  bankAccount: string;
  paymentDays: number;
}

export const DEFAULT_GROUP_SETTINGS: GroupSettings = {
  minSize: 20,
  maxSize: 400,
  exemptionKinds: [],
  bankAccount: '',
  paymentDays: 14,
};

export async function readGroupSettings(db: Db, parkId: number): Promise<GroupSettings> {
  const row = (await db('park_group_settings').where({ park_id: parkId }).first()) as
    | (GroupSettings & { exemptionKinds: string[] | string })
    | undefined;
  if (!row) return { ...DEFAULT_GROUP_SETTINGS };
  const kinds = typeof row.exemptionKinds === 'string' ? JSON.parse(row.exemptionKinds) : row.exemptionKinds;
  return {
    minSize: row.minSize,
    maxSize: row.maxSize,
    exemptionKinds: kinds as string[],
    bankAccount: row.bankAccount,
    paymentDays: row.paymentDays,
  };
}
