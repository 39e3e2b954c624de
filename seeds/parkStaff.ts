// Demo gate staff (table park_staff, role scanner): one account per seeded park, e-mail
// gate.<park slug>@staff.zoopass.jp, and one account for the first two parks, gate@staff.zoopass.jp (its /staff page
// lists both); office@staff.zoopass.jp owns the first two parks in the back office (/staff/office); password
// STAFF_PASSWORD (see the root README's development accounts).
// Demo back office staff, one account per park and role: owner.<slug>@, editor.<slug>@ and finance.<slug>@
// staff.zoopass.jp (the same password), so the back office can be tried (and is tested end to end) as each role.
// Idempotent: existing accounts are kept; the password is hashed once per run, only when an account is missing.
import type { Knex } from 'knex';
import { hashPassword } from '../server/lib/passwords';

export const STAFF_PASSWORD = 'GateStaff2026';
export const staffEmail = (slug: string) => `gate.${slug}@staff.zoopass.jp`;
/** Gate staff of more than one park. */
export const MULTI_PARK_STAFF_EMAIL = 'gate@staff.zoopass.jp';
/** The demo's back office: owner (every role) of the first two parks. */
export const OFFICE_OWNER_EMAIL = 'office@staff.zoopass.jp';
/** The back office roles with a demo account per park. */
export const OFFICE_ROLES = ['owner', 'editor', 'finance'] as const;
export const officeEmail = (role: (typeof OFFICE_ROLES)[number], slug: string) => `${role}.${slug}@staff.zoopass.jp`;
const OFFICE_NAMES = { owner: 'オーナー', editor: '編集担当', finance: '経理担当' } as const;

export async function seedParkStaff(trx: Knex.Transaction, parks: readonly { id: number; slug: string }[]) {
  let hash: string | null = null;
  const account = async (email: string, name: string): Promise<number> => {
    const found = await trx('users').where({ email }).whereNull('deleted_at').first('id');
    if (found) return found.id as number;
    hash ??= await hashPassword(STAFF_PASSWORD);
    const [user] = await trx('users')
      .insert({ email, password_hash: hash, name, email_verified_at: trx.fn.now() })
      .returning('id');
    return user.id as number;
  };
  const grant = (userId: number, parkId: number, role: string) =>
    trx('park_staff')
      .insert({ user_id: userId, park_id: parkId, role })
      .onConflict(['user_id', 'park_id', 'role'])
      .ignore();
  const scanner = (userId: number, parkId: number) => grant(userId, parkId, 'scanner');
  for (const park of parks) {
    await scanner(await account(staffEmail(park.slug), `ゲートスタッフ（${park.slug}）`), park.id);
    for (const role of OFFICE_ROLES) {
      await grant(await account(officeEmail(role, park.slug), `${OFFICE_NAMES[role]}（${park.slug}）`), park.id, role);
    }
  }
  const multi = await account(MULTI_PARK_STAFF_EMAIL, 'ゲートスタッフ（2園）');
  for (const park of [...parks].sort((a, b) => a.id - b.id).slice(0, 2)) await scanner(multi, park.id);
  const owner = await account(OFFICE_OWNER_EMAIL, '管理スタッフ（2園）');
  for (const park of [...parks].sort((a, b) => a.id - b.id).slice(0, 2)) await grant(owner, park.id, 'owner');
}
