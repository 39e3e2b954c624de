// The holders of a pass cart line (issue 29, server/features/passes/README.md 2.1): one holder per person the line
// is priced for, in the line's order (basic per age group, then disability, then companions). Pure, so the
// checkout form can say the same as the server.
import type { PassHolderInput, PassHolderKind } from '../dto/pass';

export interface PassUnit {
  position: number;
  unitKind: PassHolderKind;
  ageGroupId: number | null;
}

/** The people a pass line is for, numbered from 1. */
export function passUnitsOf(q: {
  basic: readonly { ageGroupId: number; quantity: number }[];
  disability: number;
  companion: number;
}): PassUnit[] {
  const out: PassUnit[] = [];
  const push = (unitKind: PassHolderKind, ageGroupId: number | null, n: number) => {
    for (let i = 0; i < n; i++) out.push({ position: out.length + 1, unitKind, ageGroupId });
  };
  for (const b of [...q.basic].sort((a, b) => a.ageGroupId - b.ageGroupId)) push('basic', b.ageGroupId, b.quantity);
  push('disability', null, q.disability);
  push('companion', null, q.companion);
  return out;
}

/** Holders prefilled from the units: no names yet. */
export const emptyHolders = (units: readonly PassUnit[]): PassHolderInput[] =>
  units.map((u) => ({ ...u, holderUserId: null, name: '', photoId: null }));

const key = (h: { unitKind: string; ageGroupId: number | null }) =>
  `${h.unitKind}|${h.unitKind === 'basic' ? h.ageGroupId : ''}`;

/**
 * What is wrong with holders for these units (the first problem: its position and field), or null. Positions are
 * 1..n once each, the kinds and age groups are those paid for (in any order), a person with an account is named
 * once, and only `allowedUserIds` (the buyer and the buyer's kids accounts) may be linked.
 */
export function holdersProblem(
  units: readonly PassUnit[],
  holders: readonly PassHolderInput[],
  allowedUserIds: ReadonlySet<number>,
): { position: number; field: string } | null {
  const sorted = [...holders].sort((a, b) => a.position - b.position);
  if (sorted.length !== units.length) return { position: sorted.length + 1, field: 'position' };
  const left = new Map<string, number>();
  for (const u of units) left.set(key(u), (left.get(key(u)) ?? 0) + 1);
  const people = new Set<number>();
  for (const [i, h] of sorted.entries()) {
    if (h.position !== i + 1) return { position: h.position, field: 'position' };
    const n = left.get(key(h)) ?? 0;
    if (n === 0) return { position: h.position, field: h.unitKind === 'basic' ? 'age_group_id' : 'unit_kind' };
    left.set(key(h), n - 1);
    if (h.holderUserId !== null) {
      if (!allowedUserIds.has(h.holderUserId) || people.has(h.holderUserId)) {
        return { position: h.position, field: 'holder_user_id' };
      }
      people.add(h.holderUserId);
    }
  }
  return null;
}

/** Every holder is named (checkout refuses the line otherwise: passHoldersMissing). */
export const holdersComplete = (units: readonly PassUnit[], holders: readonly PassHolderInput[]): boolean =>
  holders.length === units.length && holders.every((h) => h.name.trim().length > 0);
