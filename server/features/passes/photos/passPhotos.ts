// A holder's face photo (issue 29, server/features/passes/README.md 2.5): the owner of a pass uploads it (kept
// pending until the park reviews it), links it to one holder of the pass (the gate shows it from then on), and the
// card and the gate read it. The one writer of pass_photos (with the park's review, later) and of
// pass_holders.photo_id: server/test/ledgerWriters.unit.test.ts.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { PassLineDetails } from '../../../../common/dto/pass';
import { DomainError, notFound } from '../../../lib/errors';
import { processFacePhoto } from './processFacePhoto';

/** Stores an uploaded face photo of `ownerId`, upright without metadata, with its gate thumbnail; answers its id. */
export async function uploadPassPhoto(knex: Knex, ownerId: number, bytes: Buffer): Promise<{ id: string }> {
  // Decoding and encoding run before any transaction: nothing is held while sharp works.
  const photo = await processFacePhoto(bytes);
  const id = randomUUID();
  await knex('pass_photos').insert({
    id,
    owner_user_id: ownerId,
    state: 'pending',
    image: photo.image,
    thumb: photo.thumb,
    thumb_bytes: photo.thumbBytes,
  });
  return { id };
}

/**
 * Makes `photoId` (the caller's own upload, not linked to anyone yet) the photo of one holder of a pass the caller
 * owns. A photo of the holder still waiting for review is replaced by it (an approved one stays on record).
 */
export async function setHolderPhoto(
  knex: Knex,
  ownerId: number,
  passId: number,
  holderId: number,
  photoId: string,
): Promise<void> {
  await knex.transaction(async (trx) => {
    // Lock order: the pass, then its holder (README 5).
    const pass = await trx('passes').where({ id: passId, owner_user_id: ownerId }).forUpdate().first('id');
    if (!pass) throw notFound();
    if (!(await linkHolderPhoto(trx, ownerId, passId, holderId, photoId))) {
      throw new DomainError('invalidParam', { field: 'photo_id' });
    }
  });
}

/**
 * Links `photoId` to a holder of a pass the caller holds the row lock of: the photo must be an upload of `ownerId`
 * not given to another holder (answers false otherwise, changing nothing; a missing holder is not found). A pending
 * photo of the holder is replaced by it.
 */
async function linkHolderPhoto(
  trx: Knex.Transaction,
  ownerId: number,
  passId: number,
  holderId: number,
  photoId: string,
): Promise<boolean> {
  const holder = await trx('pass_holders').where({ id: holderId, pass_id: passId }).forUpdate().first('id');
  if (!holder) throw notFound();
  const photo = await trx('pass_photos')
    .where({ id: photoId, owner_user_id: ownerId })
    .forUpdate()
    .first('pass_holder_id');
  if (!photo || (photo.passHolderId !== null && photo.passHolderId !== holderId)) return false;
  await trx('pass_photos')
    .where({ pass_holder_id: holderId, state: 'pending' })
    .whereNot({ id: photoId })
    .update({ state: 'replaced' });
  await trx('pass_photos').where({ id: photoId }).update({ pass_holder_id: holderId });
  await trx('pass_holders').where({ id: holderId }).update({ photo_id: photoId });
  return true;
}

/**
 * The photos chosen at purchase (order_lines.pass_details holders' photoId, README 2.1), linked to the holders the
 * order's fulfilment has just issued, in the same transaction (orders' hook passesIssued). A line's holders, by
 * position, became its term tickets in pass and position order (one family pass, or one single pass each). A photo
 * that is no longer the buyer's unlinked upload is left out: the card then offers to add one; fulfilment never fails
 * for a photo. Renewals keep the pass's photos. Answers how many were linked.
 */
export async function linkPurchasePhotos(trx: Knex.Transaction, orderId: number): Promise<number> {
  const lines = (await trx('order_lines as l')
    .join('orders as o', 'o.id', 'l.order_id')
    .where('l.order_id', orderId)
    .whereNotNull('l.pass_details')
    .orderBy('l.id')
    .select('l.id', 'l.pass_details', 'o.user_id')) as {
    id: number;
    passDetails: PassLineDetails;
    userId: number;
  }[];
  let linked = 0;
  for (const line of lines) {
    const chosen = [...line.passDetails.holders].sort((a, b) => a.position - b.position);
    if (line.passDetails.renewsPassId || !chosen.some((h) => h.photoId)) continue;
    const issued = (await trx('tickets as t')
      .join('passes as p', 'p.id', 't.pass_id')
      .join('pass_holders as h', 'h.id', 't.pass_holder_id')
      .where({ 't.order_line_id': line.id, 't.unit_kind': 'pass', 'p.first_order_id': orderId })
      .orderBy([{ column: 'p.id' }, { column: 'h.position' }])
      .select('p.id as pass_id', 'h.id as holder_id')) as { passId: number; holderId: number }[];
    for (const [i, h] of chosen.entries()) {
      const to = issued[i];
      if (!h.photoId || !to) continue;
      await trx('passes').where({ id: to.passId }).forUpdate().first('id');
      if (await linkHolderPhoto(trx, line.userId, to.passId, to.holderId, h.photoId)) linked++;
    }
  }
  return linked;
}

/**
 * The 480 px JPEG of a face photo, for who may see it: its uploader, the owner of the pass it belongs to, and the
 * holder it shows (a kids account sees its own). Anyone else: not found.
 */
export async function readPassPhoto(knex: Knex, viewerId: number, photoId: string): Promise<Buffer> {
  const row = await knex('pass_photos as ph')
    .leftJoin('pass_holders as h', 'h.id', 'ph.pass_holder_id')
    .leftJoin('passes as p', 'p.id', 'h.pass_id')
    .where('ph.id', photoId)
    .first('ph.image', 'ph.owner_user_id', 'p.owner_user_id as pass_owner_id', 'h.holder_user_id');
  if (!row || ![row.ownerUserId, row.passOwnerId, row.holderUserId].includes(viewerId)) throw notFound();
  return row.image as Buffer;
}
