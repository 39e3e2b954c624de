// Whether a holder belongs to a pass the park sold (the office's changes and reads of one holder); not found else.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';

export async function assertHolderOfPark(db: Knex | Knex.Transaction, parkId: number, holderId: number) {
  const row = (await db('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .where({ 'h.id': holderId, 'p.park_id': parkId })
    .first('h.id', 'h.pass_id')) as { id: number; passId: number } | undefined;
  if (!row) throw notFound();
  return row;
}
