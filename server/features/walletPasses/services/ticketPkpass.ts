// A ticket's .pkpass, for its owner (GET api/v1/me/tickets/{id}/pkpass) or a registered device (latest pass).
import type { Knex } from 'knex';
import type { WalletPassConfig } from '../certificates';
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

/** The latest pass of a serial (always served whole: the protocol allows it, and changes are not dated). */
export async function latestPkpass(knex: Knex, ticketId: string, holderId: number, o: PassOptions) {
  return pkpassOf(await passFacts(knex, ticketId, holderId, o), ticketId, o);
}
