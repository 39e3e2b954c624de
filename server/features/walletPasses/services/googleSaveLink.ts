// The owner's "Save to Google Wallet" link of a ticket (the object is remembered so later changes are PATCHed to
// it), and of a member card.
import type { Knex } from 'knex';
import { memberSaveLink, saveLink } from '../google';
import { serialOf } from '../passContent';
import { lastChanges, ownPassFacts } from './passFacts';
import { ownMemberFacts, type PassOptions } from './ticketPkpass';

export async function googleSaveLink(knex: Knex, userId: number, ticketId: string, o: PassOptions) {
  const facts = await ownPassFacts(knex, userId, ticketId, o);
  const serial = serialOf(ticketId, userId);
  const link = await saveLink(facts, o.wallet.google, serial, o.publicUrl, o.now);
  await remember(knex, link.objectId, ticketId, userId);
  return { url: link.url };
}

/** The object saved for a ticket (a member card: its term ticket), so its later changes are PATCHed to it. */
async function remember(knex: Knex, objectId: string, ticketId: string, userId: number) {
  const changed = (await lastChanges(knex, [ticketId])).changes.get(ticketId) ?? 0;
  await knex('wallet_google_objects')
    .insert({ object_id: objectId, ticket_id: ticketId, user_id: userId, synced_xid: changed })
    .onConflict('object_id')
    .ignore();
}

/** A member card's "Save to Google Wallet" link (owner or holder; anyone else 404), its object remembered too. */
export async function memberGoogleSaveLink(
  knex: Knex,
  userId: number,
  passId: number,
  holderId: number,
  o: PassOptions,
) {
  const { facts, termTicketId } = await ownMemberFacts(knex, userId, passId, holderId, o);
  const link = await memberSaveLink(facts, o.wallet.google, serialOf(termTicketId, userId), o.publicUrl, o.now);
  await remember(knex, link.objectId, termTicketId, userId);
  return { url: link.url };
}
