import type { Knex } from 'knex';
import type { WalletTicket } from '../../../../common/dto/wallet';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { type PresentOptions, presentTickets, type TicketRow, ticketQuery } from '../tickets';

/**
 * PUT api/v1/me/tickets/image: the face photo shown at the gate for these tickets (a face upload of the caller,
 * POST api/v1/me/photos). The token does not carry the photo, so the tokens stay as they are.
 */
export async function setTicketImage(
  knex: Knex,
  userId: number,
  ticketIds: readonly string[],
  photoId: string,
  o: PresentOptions,
): Promise<WalletTicket[]> {
  const ids = [...new Set(ticketIds)];
  await knex.transaction(async (trx) => {
    const photo = await trx('uploads').where({ id: photoId, owner_id: userId }).first('purpose');
    if (!photo) throw notFound();
    if (photo.purpose !== 'face') throw new DomainError('invalidParam', { field: 'photo_id' });
    const owned = await trx('tickets')
      .whereIn('id', ids)
      .where({ user_id: userId })
      .orderBy('id')
      .forUpdate()
      .select('id');
    if (owned.length !== ids.length) throw notFound();
    await trx('tickets').whereIn('id', ids).update({ face_photo_id: photoId, updated_at: new Date() });
    for (const id of ids) {
      await audit(trx, { entity: 'ticket', entityId: id, action: 'image_set', actorUserId: userId, data: { photoId } });
    }
  });
  const rows = (await ticketQuery(knex)
    .whereIn('t.id', ids)
    .where('t.user_id', userId)
    .orderBy('t.ticket_number')) as TicketRow[];
  return presentTickets(knex, rows, o);
}
