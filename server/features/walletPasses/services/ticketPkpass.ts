// A ticket's .pkpass, for its owner (GET api/v1/me/tickets/{id}/pkpass) or a registered device (latest pass); a
// member card's, for its owner or holder (GET api/v1/me/passes/{passId}/holders/{holderId}/pkpass), whose serial is
// its current term ticket, so the same web service keeps it current.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { memberWalletCard, memberWalletCardOfTerm } from '../../passes';
import type { WalletPassConfig } from '../certificates';
import { buildMemberPkpass, type MemberPassFacts } from '../memberPkpass';
import { passAuthToken } from '../passAuth';
import { serialOf } from '../passContent';
import { buildPkpass } from '../pkpass';
import { ownPassFacts, passFacts } from './passFacts';

export interface PassOptions {
  appSecret: string;
  now: Date;
  publicUrl: string;
  wallet: WalletPassConfig;
}

export const webServiceUrl = (publicUrl: string) => `${publicUrl}/api/passkit`;

function pkpassOf(facts: Awaited<ReturnType<typeof passFacts>>, ticketId: string, o: PassOptions) {
  const serialNumber = serialOf(ticketId, facts.holderId);
  return buildPkpass(facts, o.wallet.apple, {
    serialNumber,
    authenticationToken: passAuthToken(o.appSecret, serialNumber),
    webServiceURL: webServiceUrl(o.publicUrl),
  });
}

export async function ownTicketPkpass(knex: Knex, userId: number, ticketId: string, o: PassOptions) {
  const facts = await ownPassFacts(knex, userId, ticketId, o);
  return { pkpass: pkpassOf(facts, ticketId, o), filename: `zoopass-${facts.byLocale.ja.ticketNumber}.pkpass` };
}

/** The member card behind a serial's term ticket (null: the serial is a ticket's), as its account sees it now. */
export async function memberFactsOfTerm(
  knex: Knex,
  termTicketId: string,
  userId: number,
  o: PassOptions,
): Promise<MemberPassFacts | null> {
  const member = await memberWalletCardOfTerm(knex, termTicketId, userId, o);
  if (!member) return null;
  const park = member.card ? await parkPlace(knex, member.card.byLocale.ja.park.id) : null;
  return { ...member, park };
}

/** The latest pass of a serial (always served whole: the protocol allows it, and changes are not dated). */
export async function latestPkpass(knex: Knex, ticketId: string, holderId: number, o: PassOptions) {
  const member = await memberFactsOfTerm(knex, ticketId, holderId, o);
  if (member) return memberPkpassOf(member, ticketId, holderId, o);
  return pkpassOf(await passFacts(knex, ticketId, holderId, o), ticketId, o);
}

/** A member card's .pkpass for its owner or holder (anyone else: 404); null term: the card has no term to show. */
/** A member card's facts for its owner or holder (anyone else: 404), with its serial's term ticket. */
export async function ownMemberFacts(knex: Knex, userId: number, passId: number, holderId: number, o: PassOptions) {
  const card = await memberWalletCard(knex, userId, passId, holderId, o);
  const ja = card.byLocale.ja;
  const term = ja.terms[0];
  if (!term) throw notFound();
  const facts: MemberPassFacts = {
    card,
    passNumber: ja.passNumber,
    holderName: ja.holderName,
    park: await parkPlace(knex, ja.park.id),
  };
  return { facts, termTicketId: term.ticketId, filename: `zoopass-${ja.passNumber}-${ja.position}` };
}

export async function ownMemberPkpass(knex: Knex, userId: number, passId: number, holderId: number, o: PassOptions) {
  const { facts, termTicketId, filename } = await ownMemberFacts(knex, userId, passId, holderId, o);
  return { pkpass: await memberPkpassOf(facts, termTicketId, userId, o), filename: `${filename}.pkpass` };
}

function memberPkpassOf(facts: MemberPassFacts, termTicketId: string, userId: number, o: PassOptions) {
  const serialNumber = serialOf(termTicketId, userId);
  return buildMemberPkpass(facts, o.wallet.apple, {
    serialNumber,
    authenticationToken: passAuthToken(o.appSecret, serialNumber),
    webServiceURL: webServiceUrl(o.publicUrl),
  });
}

async function parkPlace(knex: Knex, parkId: number) {
  const park = await knex('parks').where({ id: parkId }).first('latitude', 'longitude');
  return park?.latitude == null ? null : { latitude: Number(park.latitude), longitude: Number(park.longitude) };
}
