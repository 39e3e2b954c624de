import type { Knex } from 'knex';
import type { WalletTicket } from '../../../../common/dto/wallet';
import { ownTicket, type PresentOptions, presentTickets } from '../tickets';

/** One of the owner's tickets (anyone else's: 404). */
export async function getTicket(
  knex: Knex,
  userId: number,
  ticketId: string,
  o: PresentOptions,
): Promise<WalletTicket> {
  const row = await ownTicket(knex, userId, ticketId);
  const [ticket] = await presentTickets(knex, [row], o);
  return ticket as WalletTicket;
}
