// POST api/v1/staff/parks/{parkId}/pass-photos/{photoId}/review (README 2.5): an editor or owner of the pass's park
// approves a pending holder photo, or rejects it with a reason. With pass_photos.ts (upload, link, replace), the one
// writer of pass_photos and of pass_holders.photo_id (server/test/ledgerWriters.unit.test.ts).
// A rejection puts the holder back on their last approved photo (or none) and tells the pass owner, and the holder
// when that is another account, by inbox and push (notify) and mail (job passMail), in the same transaction as the
// decision: a double click or a retry finds the photo reviewed (passPhotoReviewed) and tells nobody again.
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { JOB_NAMES, jobQueueOf } from '../../jobs';
import { itemName, notify } from '../../notifications';

export interface PhotoReview {
  parkId: number;
  photoId: string;
  actorUserId: number;
  decision: 'approve' | 'reject';
  reason?: string | undefined;
  now: Date;
}

export async function reviewPassPhoto(knex: Knex, r: PhotoReview): Promise<void> {
  const reason = r.reason?.trim() ?? '';
  if (r.decision === 'reject' && !reason) throw new DomainError('required', { field: 'reason' });
  await knex.transaction(async (trx) => {
    const found = (await trx('pass_photos as ph')
      .join('pass_holders as h', 'h.id', 'ph.pass_holder_id')
      .join('passes as p', 'p.id', 'h.pass_id')
      .where({ 'ph.id': r.photoId, 'p.park_id': r.parkId })
      .first('h.id as holder_id', 'p.id as pass_id')) as { holderId: number; passId: number } | undefined;
    if (!found) throw notFound();
    // Lock order: the pass, its holder, then the photo (README 5), as the upload's link takes them.
    const pass = await trx('passes').where({ id: found.passId }).forUpdate().first('owner_user_id', 'item_id');
    const holder = await trx('pass_holders')
      .where({ id: found.holderId })
      .forUpdate()
      .first('photo_id', 'holder_user_id', 'name');
    const photo = await trx('pass_photos').where({ id: r.photoId }).forUpdate().first('state', 'pass_holder_id');
    if (photo?.state !== 'pending' || photo.passHolderId !== found.holderId) {
      throw new DomainError('passPhotoReviewed');
    }
    const state = r.decision === 'approve' ? 'approved' : 'rejected';
    await trx('pass_photos')
      .where({ id: r.photoId })
      .update({
        state,
        reject_reason: state === 'rejected' ? reason : null,
        reviewed_by: r.actorUserId,
        reviewed_at: r.now,
      });
    let shown: string | null = holder.photoId;
    if (state === 'rejected' && holder.photoId === r.photoId) {
      const approved = await trx('pass_photos')
        .where({ pass_holder_id: found.holderId, state: 'approved' })
        .orderBy('created_at', 'desc')
        .first('id');
      shown = approved?.id ?? null;
      await trx('pass_holders').where({ id: found.holderId }).update({ photo_id: shown });
    }
    await recordStaffChange(trx, {
      parkId: r.parkId,
      actorUserId: r.actorUserId,
      entity: 'pass_photo',
      entityId: r.photoId,
      action: state,
      before: { state: 'pending', holderPhotoId: holder.photoId },
      after: { state, reason: state === 'rejected' ? reason : null, holderPhotoId: shown },
    });
    if (state === 'approved') return;
    const item = await itemName(trx, pass.itemId);
    const told = [...new Set([pass.ownerUserId as number, holder.holderUserId as number | null])];
    for (const userId of told) {
      if (userId === null) continue;
      await notify(trx, {
        userId,
        kind: 'passPhotoRejected',
        params: { holder: holder.name, item, reason },
        navigate: `/my-tickets/pass/${found.passId}`,
        about: `pass-photo:${r.photoId}`,
      });
    }
    await jobQueueOf(trx).send(trx, JOB_NAMES.passMail, { kind: 'photoRejected', photoId: r.photoId });
  });
}
