// Demo gate staff (table park_staff, role scanner): one account per seeded park, e-mail
// gate.<park slug>@staff.zoopass.jp, and one account for the first two parks, gate@staff.zoopass.jp (its /staff page
// lists both); office@staff.zoopass.jp owns the first two parks in the back office (/staff/office); password
// STAFF_PASSWORD (see the root README's development accounts).
// Idempotent: existing accounts are kept; the password is hashed once per run, only when an account is missing.
import type { Knex } from 'knex';
import { hashPassword } from '../server/lib/passwords';

export const STAFF_PASSWORD = 'GateStaff2026';
export const staffEmail = (slug: string) => `gate.${slug}@staff.zoopass.jp`;
/** Gate staff of more than one park. */
export const MULTI_PARK_STAFF_EMAIL = 'gate@staff.zoopass.jp';
/** The demo's back office: owner (every role) of the first two parks. */
export const OFFICE_OWNER_EMAIL = 'office@staff.zoopass.jp';

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
  const scanner = (userId: number, parkId: number) =>
    trx('park_staff')
      .insert({ user_id: userId, park_id: parkId, role: 'scanner' })
      .onConflict(['user_id', 'park_id', 'role'])
      .ignore();
  for (const park of parks) {
    await scanner(await account(staffEmail(park.slug), `ゲートスタッフ（${park.slug}）`), park.id);
  }
  const multi = await account(MULTI_PARK_STAFF_EMAIL, 'ゲートスタッフ（2園）');
  for (const park of [...parks].sort((a, b) => a.id - b.id).slice(0, 2)) await scanner(multi, park.id);
  const owner = await account(OFFICE_OWNER_EMAIL, '管理スタッフ（2園）');
  for (const park of [...parks].sort((a, b) => a.id - b.id).slice(0, 2)) {
    await trx('park_staff')
      .insert({ user_id: owner, park_id: park.id, role: 'owner' })
      .onConflict(['user_id', 'park_id', 'role'])
      .ignore();
  }
}
