// A verified account with a live session, made straight in the database (the identity tests cover signing up).
import { randomUUID } from 'node:crypto';
import { issueAccessToken } from '../features/auth/accessToken';
import type { TestContext } from './testServer';

export interface TestUser {
  id: number;
  token: string;
  email: string;
}

/** `fields` are users columns (telephone, birthdate, child_flag, ...) over a verified account with a unique e-mail. */
export async function signedInUser(ctx: TestContext, fields: Record<string, unknown> = {}): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.jp`;
  const [row] = await ctx.db
    .knex('users')
    .insert({ email, name: '動物 花子', email_verified_at: new Date(), ...fields })
    .returning('id');
  const id = row.id as number;
  const { access_token } = await issueAccessToken(ctx.db.knex, ctx.server.app.config, id);
  return { id, token: access_token, email };
}
