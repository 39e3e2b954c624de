import type { Knex } from 'knex';
import type { WalletTicket } from '../../../../common/dto/wallet';
import { USABLE_STATES } from '../../../../common/rules/ticketState';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { ownTicket, type PresentOptions, presentTickets } from '../tickets';

/**
 * The disabled holder has shown the disability certificate or Mirairo ID (the step the wallet shows before use):
 * recorded once; the ticket leaves wait_certificate. Only tickets at the disability price need it.
 */
export async function confirmCertificate(
  knex: Knex,
  userId: number,
  ticketId: string,
  o: PresentOptions,
): Promise<WalletTicket> {
  const now = o.now ?? new Date();
  await knex.transaction(async (trx) => {
    const t = await ownTicket(trx, userId, ticketId, true);
    if (t.unitKind !== 'disability') throw new DomainError('notUsable');
    if (t.certificateConfirmedAt) return;
    if (!USABLE_STATES.includes(t.state)) throw new DomainError('notUsable');
    await trx('tickets').where({ id: t.id }).update({ certificate_confirmed_at: now, updated_at: now });
    await audit(trx, { entity: 'ticket', entityId: t.id, action: 'certificate_confirmed', actorUserId: userId });
  });
  const [ticket] = await presentTickets(knex, [await ownTicket(knex, userId, ticketId)], { ...o, now });
  return ticket as WalletTicket;
}
