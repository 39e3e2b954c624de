import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/passwords';

/** Confirms the signed-in user's current password before a sensitive step. */
export async function checkPassword(knex: Knex, userId: number, password: string): Promise<void> {
  const user = await knex('users').where({ id: userId }).first('password_hash');
  if (!(await verifyPassword(user?.passwordHash, password))) throw new DomainError('currentPasswordWrong');
}
