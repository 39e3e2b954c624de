import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';

export interface ProfileUpdate {
  name: string;
  email?: string | null;
  telephone?: string | null;
  prefecture_id?: number;
  birthdate?: string | null;
  language?: number;
  gender?: number;
}

/** PUT /api/v1/me with the spec's fields. Kids accounts have no e-mail of their own. */
export async function updateProfile(knex: Knex, userId: number, input: ProfileUpdate): Promise<void> {
  await knex.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId }).whereNull('deleted_at').forUpdate().first();
    if (!user) throw new DomainError('notFound', 404);
    const changes: Record<string, unknown> = { name: input.name, updated_at: new Date() };
    if (input.telephone !== undefined) changes.telephone = input.telephone || null;
    if (input.prefecture_id !== undefined) changes.prefecture_id = input.prefecture_id;
    if (input.birthdate !== undefined) changes.birthdate = input.birthdate || null;
    if (input.language !== undefined) changes.language = input.language;
    if (input.gender !== undefined) changes.gender = input.gender;
    if (input.email && input.email !== user.email && user.childFlag === 0) {
      const taken = await trx('users')
        .where({ email: input.email })
        .whereNull('deleted_at')
        .whereNot({ id: userId })
        .first('id');
      if (taken) throw new DomainError('emailTaken', 409);
      changes.email = input.email;
    }
    await trx('users').where({ id: userId }).update(changes);
    await audit(trx, {
      entity: 'user',
      entityId: userId,
      action: 'profile.updated',
      actorUserId: userId,
      data: Object.keys(changes),
    });
  });
}
