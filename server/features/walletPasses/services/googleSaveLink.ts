// The owner's "Save to Google Wallet" link; the object is remembered so later changes are PATCHed to it.
import type { Knex } from 'knex';
import { saveLink } from '../google';
import { serialOf } from '../passContent';
import { lastChanges, ownPassFacts } from './passFacts';
import type { PassOptions } from './ticketPkpass';

export async function googleSaveLink(knex: Knex, userId: number, ticketId: string, o: PassOptions) {
  const facts = await ownPassFacts(knex, userId, ticketId, o);
  const serial = serialOf(ticketId, userId);
  const link = await saveLink(facts, o.wallet.google, serial, o.publicUrl, o.now);
  const changed = (await lastChanges(knex, [ticketId])).changes.get(ticketId) ?? 0;
  await knex('wallet_google_objects')
    .insert({ object_id: link.objectId, ticket_id: ticketId, user_id: userId, synced_xid: changed })
    .onConflict('object_id')
    .ignore();
  return { url: link.url };
}
