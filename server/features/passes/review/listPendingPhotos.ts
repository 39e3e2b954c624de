// GET api/v1/staff/parks/{parkId}/pass-photos?state=pending (README 2.5): the review queue, oldest first, of the
// photos linked to holders of passes the park sold and not reviewed yet (the partial index on pending photos).
import type { Knex } from 'knex';
import type { PhotoReviewItem } from '../../../../common/dto/pass';

export const REVIEW_QUEUE_LIMIT = 200;

export async function listPendingPhotos(knex: Knex, parkId: number): Promise<PhotoReviewItem[]> {
  const rows = (await knex('pass_photos as ph')
    .join('pass_holders as h', 'h.id', 'ph.pass_holder_id')
    .join('passes as p', 'p.id', 'h.pass_id')
    .where({ 'ph.state': 'pending', 'p.park_id': parkId })
    .orderBy([{ column: 'ph.created_at' }, { column: 'ph.id' }])
    .limit(REVIEW_QUEUE_LIMIT)
    .select(
      'ph.id',
      'ph.created_at',
      'h.id as holder_id',
      'h.name',
      'p.pass_number',
      knex.raw(
        `(SELECT a.id FROM pass_photos a WHERE a.pass_holder_id = h.id AND a.state = 'approved'
          ORDER BY a.created_at DESC LIMIT 1) AS approved_id`,
      ),
    )) as {
    id: string;
    createdAt: Date;
    holderId: number;
    name: string;
    passNumber: string;
    approvedId: string | null;
  }[];
  const url = (holderId: number, photoId: string) =>
    `/api/v1/staff/parks/${parkId}/pass-holders/${holderId}/photos/${photoId}`;
  return rows.map((r) => ({
    photoId: r.id,
    holderId: r.holderId,
    passNumber: r.passNumber,
    name: r.name,
    uploadedAt: new Date(r.createdAt).toISOString(),
    url: url(r.holderId, r.id),
    previousApprovedUrl: r.approvedId ? url(r.holderId, r.approvedId) : null,
  }));
}
