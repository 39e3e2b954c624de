// The holders of a pass line at the add-info step (issue 29, server/features/passes/README.md 2.1): one row per
// unit bought (age group as bought), a name of 1-60 characters, optionally the buyer's or a kids account, each
// account at most once per pass; sent as PUT api/v1/carts/{parkId}/lines/{lineId}/pass (PassLineRequest).
import type { CartLine } from '../../../../common/dto/cart';
import type { CartPassInfo, PassCartLineFields, PassHolderKind, PassLineRequest } from '../../../../common/dto/pass';
import { AGE_GROUPS } from '../../../../common/reference';

export const HOLDER_NAME_MAX = 60;

export interface HolderRow {
  position: number;
  ageGroupId: number | null;
  /** What the unit was bought as (an age group's name, or disabled / companion: the form names those). */
  ageGroupName: string;
  unitKind: PassHolderKind;
  name: string;
  holderUserId: number | null;
  photoId: string | null;
}

export type HolderProblem = 'nameRequired' | 'nameTooLong' | 'personTwice';
export interface HolderProblems {
  name?: HolderProblem;
  holderUserId?: HolderProblem;
}

/** The pass part of a cart line (the server core adds CartLine.pass), null for other lines. */
export const passOf = (line: CartLine): CartPassInfo | null => (line as CartLine & PassCartLineFields).pass ?? null;

/**
 * One row per unit of the line: the holders already saved (or prefilled by a renewal) where there are some, else
 * the line's people per age group, then disabled people and companions, named blank.
 */
export function holderRows(line: CartLine, info: CartPassInfo): HolderRow[] {
  const saved = info.details.holders;
  const names = new Map(info.product.prices.map((p) => [`${p.unitKind}:${p.ageGroupId}`, p.ageGroupName]));
  if (saved.length > 0) {
    return [...saved]
      .sort((a, b) => a.position - b.position)
      .map((h) => ({
        position: h.position,
        ageGroupId: h.ageGroupId,
        ageGroupName: names.get(`${h.unitKind}:${h.ageGroupId}`) ?? '',
        unitKind: h.unitKind,
        name: h.name,
        holderUserId: h.holderUserId,
        photoId: h.photoId,
      }));
  }
  const units: Omit<HolderRow, 'position' | 'name' | 'holderUserId' | 'photoId'>[] = [];
  for (const q of line.quantities) {
    for (let i = 0; i < q.quantity; i++) {
      units.push({ ageGroupId: q.ageGroupId, ageGroupName: q.ageGroupName, unitKind: 'basic' });
    }
  }
  for (const kind of ['disability', 'companion'] as const) {
    const n = kind === 'disability' ? line.disabilityQuantity : line.companionQuantity;
    for (let i = 0; i < n; i++)
      units.push({ ageGroupId: null, ageGroupName: names.get(`${kind}:null`) ?? '', unitKind: kind });
  }
  return units.map((u, i) => ({ ...u, position: i + 1, name: '', holderUserId: null, photoId: null }));
}

const ADULT_AGE_GROUPS = new Set(AGE_GROUPS.filter((g) => (g.minAge ?? 0) >= 18).map((g) => g.id));

/**
 * A new pass's rows with the buyer as the holder of its first adult unit (account and name): a buyer who only typed
 * their name got a pass linked to no account, so no member price or holders' places online. The buyer can choose
 * another account or none; rows already named or linked are left as they are.
 */
export function withBuyer(rows: HolderRow[], me: { id: number; name: string } | null): HolderRow[] {
  if (!me || rows.some((r) => r.holderUserId !== null || r.name.trim() !== '')) return rows;
  const first = rows.find((r) => r.unitKind === 'basic' && r.ageGroupId !== null && ADULT_AGE_GROUPS.has(r.ageGroupId));
  return rows.map((r) => (r === first ? { ...r, holderUserId: me.id, name: me.name } : r));
}

/** Problems per position (empty: none). Names are trimmed as they are sent. */
export function holderProblems(rows: readonly HolderRow[]): Map<number, HolderProblems> {
  const out = new Map<number, HolderProblems>();
  const seen = new Set<number>();
  for (const r of rows) {
    const p: HolderProblems = {};
    const name = r.name.trim();
    if (!name) p.name = 'nameRequired';
    else if ([...name].length > HOLDER_NAME_MAX) p.name = 'nameTooLong';
    if (r.holderUserId !== null) {
      if (seen.has(r.holderUserId)) p.holderUserId = 'personTwice';
      seen.add(r.holderUserId);
    }
    if (p.name || p.holderUserId) out.set(r.position, p);
  }
  return out;
}

export function passLineRequest(rows: readonly HolderRow[]): PassLineRequest {
  return {
    holders: rows.map((r) => ({
      position: r.position,
      holder_user_id: r.holderUserId,
      name: r.name.trim(),
      age_group_id: r.ageGroupId,
      unit_kind: r.unitKind,
      photo_id: r.photoId,
    })),
  };
}

/** The rows survive a reload, as the rest of the add-info form (session storage, per park). */
const storageKey = (parkId: number) => `zoopass-pass-holders:${parkId}`;
export type StoredHolders = Record<string, HolderRow[]>;

export function readStoredHolders(parkId: number, storage: Pick<Storage, 'getItem'> = sessionStorage): StoredHolders {
  try {
    const v = JSON.parse(storage.getItem(storageKey(parkId)) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as StoredHolders) : {};
  } catch {
    return {};
  }
}

export function writeStoredHolders(
  parkId: number,
  value: StoredHolders,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
): void {
  try {
    storage.setItem(storageKey(parkId), JSON.stringify(value));
  } catch {
    // storage full or blocked: the form still works, only a reload loses it
  }
}

/**
 * Stored rows for a line when they still fit its units (same positions and age groups), else the line's own, with
 * `me` (the signed-in buyer) as the first adult holder of a pass nobody has named yet.
 */
export function initialRows(
  line: CartLine,
  info: CartPassInfo,
  stored: StoredHolders,
  me: { id: number; name: string } | null = null,
): HolderRow[] {
  const fresh = withBuyer(holderRows(line, info), me);
  const kept = stored[String(line.id)];
  const fits =
    kept?.length === fresh.length &&
    kept.every((r, i) => r.position === fresh[i]?.position && r.ageGroupId === fresh[i]?.ageGroupId);
  return fits && kept ? kept : fresh;
}
