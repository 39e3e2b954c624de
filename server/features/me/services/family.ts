import type { Knex } from 'knex';
import type { ChildAccount, ParentAccount } from '../../../../common/dto/user';
import { isChildBirthdate } from '../../../../common/rules/family';
import { tokyoDate } from '../../../../common/time';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { presentChild } from '../presentProfile';

/** The parent's kids accounts (never anyone else's). */
export async function listChildren(knex: Knex, parentId: number): Promise<ChildAccount[]> {
  const rows = await knex('users').where({ parent_id: parentId, child_flag: 1 }).whereNull('deleted_at').orderBy('id');
  return rows.map(presentChild);
}

export async function getChild(
  knex: Knex | Knex.Transaction,
  parentId: number,
  childId: number,
): Promise<ChildAccount> {
  const row = await knex('users')
    .where({ id: childId, parent_id: parentId, child_flag: 1 })
    .whereNull('deleted_at')
    .first();
  if (!row) throw notFound();
  return presentChild(row);
}

function assertChildBirthdate(birthdate: string, now: Date): void {
  if (!isChildBirthdate(birthdate, tokyoDate(now))) throw new DomainError('childBirthdate');
}

/** A parent creates a kids account; the parent must have set a password first (spec section 5). */
export async function createChild(
  knex: Knex,
  parentId: number,
  input: { name: string; birthdate: string },
  now = new Date(),
): Promise<ChildAccount> {
  assertChildBirthdate(input.birthdate, now);
  return knex.transaction(async (trx) => {
    const parent = await trx('users').where({ id: parentId }).whereNull('deleted_at').first();
    if (parent?.childFlag !== 0) throw new DomainError('childRestricted');
    if (!parent.passwordHash) throw new DomainError('kidNeedsPassword');
    const [row] = await trx('users')
      .insert({
        name: input.name,
        birthdate: input.birthdate,
        child_flag: 1,
        parent_id: parentId,
        language: parent.language,
        prefecture_id: parent.prefectureId,
      })
      .returning('*');
    await audit(trx, { entity: 'user', entityId: row.id, action: 'child.created', actorUserId: parentId });
    return presentChild(row);
  });
}

export async function updateChild(
  knex: Knex,
  parentId: number,
  childId: number,
  input: { name: string; birthdate: string },
  now = new Date(),
): Promise<ChildAccount> {
  assertChildBirthdate(input.birthdate, now);
  return knex.transaction(async (trx) => {
    await getChild(trx, parentId, childId);
    const [row] = await trx('users')
      .where({ id: childId })
      .update({ name: input.name, birthdate: input.birthdate, updated_at: new Date() })
      .returning('*');
    await audit(trx, { entity: 'user', entityId: childId, action: 'child.updated', actorUserId: parentId });
    return presentChild(row);
  });
}

/** The parent of a kids account (or of the kid a parent is acting as). */
export async function getParent(knex: Knex, userId: number): Promise<ParentAccount> {
  const child = await knex('users').where({ id: userId }).first('parent_id');
  if (!child?.parentId) throw notFound();
  const parent = await knex('users').where({ id: child.parentId }).whereNull('deleted_at').first();
  if (!parent) throw notFound();
  return { id: parent.id, name: parent.name, icon_url: parent.iconUrl };
}
