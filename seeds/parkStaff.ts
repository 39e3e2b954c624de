// Demo gate staff: one account per seeded park, allowed to record ticket scans there (table park_staff).
// E-mail gate.<park slug>@staff.zoopass.jp, password STAFF_PASSWORD (see the README's development accounts).
// Idempotent: existing accounts are kept; the password is hashed once per run, only when an account is missing.
import type { Knex } from 'knex';
import { hashPassword } from '../server/lib/passwords';

export const STAFF_PASSWORD = 'GateStaff2026';
export const staffEmail = (slug: string) => `gate.${slug}@staff.zoopass.jp`;

export async function seedParkStaff(trx: Knex.Transaction, parks: readonly { id: number; slug: string }[]) {
  let hash: string | null = null;
  for (const park of parks) {
    const email = staffEmail(park.slug);
    let user = await trx('users').where({ email }).whereNull('deleted_at').first('id');
    if (!user) {
      hash ??= await hashPassword(STAFF_PASSWORD);
      [user] = await trx('users')
        .insert({
          email,
          password_hash: hash,
          name: `ゲートスタッフ（${park.slug}）`,
          email_verified_at: trx.fn.now(),
        })
        .returning('id');
    }
    await trx('park_staff').insert({ user_id: user.id, park_id: park.id }).onConflict(['user_id', 'park_id']).ignore();
  }
}
