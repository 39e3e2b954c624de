// Tells the wallets about changed tickets: one APNs push per registered device of a changed serial, one PATCH per
// Google object of a changed ticket; each row then remembers the change it told about, so a change goes out once.
import type { Knex } from 'knex';
import type { ApnsAdapter, GoogleObjectKind, GoogleWalletAdapter } from '../adapters';
import { eventTicketObject, memberGenericObject } from '../google';
import { serialOf } from '../passContent';
import { lastChanges, passFacts } from './passFacts';
import { memberFactsOfTerm, type PassOptions } from './ticketPkpass';

export async function pushChanges(
  knex: Knex,
  adapters: { apns: ApnsAdapter; google: GoogleWalletAdapter },
  o: PassOptions,
): Promise<{ pushed: number; patched: number; failed: number }> {
  let pushed = 0;
  let patched = 0;
  let failed = 0;
  const regs = (await knex('wallet_pass_registrations').select(
    'device_library_id',
    'pass_type_id',
    'serial_number',
    'ticket_id',
    'push_token',
    'pushed_xid',
  )) as {
    deviceLibraryId: string;
    passTypeId: string;
    serialNumber: string;
    ticketId: string;
    pushToken: string;
    pushedXid: string;
  }[];
  const objects = (await knex('wallet_google_objects').select('object_id', 'ticket_id', 'user_id', 'synced_xid')) as {
    objectId: string;
    ticketId: string;
    userId: number;
    syncedXid: string;
  }[];
  const { changes } = await lastChanges(knex, [...regs.map((r) => r.ticketId), ...objects.map((g) => g.ticketId)]);
  for (const r of regs) {
    const changed = changes.get(r.ticketId) ?? 0;
    if (changed <= Number(r.pushedXid)) continue;
    const result = await adapters.apns.push(r.pushToken, r.passTypeId).catch(() => null);
    if (result === null) {
      failed++;
      continue;
    }
    const reg = knex('wallet_pass_registrations').where({
      device_library_id: r.deviceLibraryId,
      pass_type_id: r.passTypeId,
      serial_number: r.serialNumber,
    });
    // The device no longer has the pass: it is forgotten, as if it had unregistered.
    if (result === 'unregistered') await reg.delete();
    else await reg.update({ pushed_xid: changed });
    pushed++;
  }
  for (const g of objects) {
    let changed = changes.get(g.ticketId) ?? 0;
    if (changed <= Number(g.syncedXid)) continue;
    // Reading a card can write (its new term's token, made on first sight): the object is built again until the
    // ticket's last change stands still, so the change remembered is the one the object shows.
    let patch = await googleObjectOf(knex, g, o);
    for (let tries = 0; tries < 3; tries++) {
      const now = (await lastChanges(knex, [g.ticketId])).changes.get(g.ticketId) ?? 0;
      if (now === changed) break;
      changed = now;
      patch = await googleObjectOf(knex, g, o);
    }
    // One refused object does not hold back the others: it stays unsynced and is tried at the next sweep.
    const sent = await adapters.google.patchObject(patch.kind, g.objectId, patch.object).then(
      () => true,
      () => false,
    );
    if (!sent) {
      failed++;
      continue;
    }
    await knex('wallet_google_objects').where({ object_id: g.objectId }).update({ synced_xid: changed });
    patched++;
  }
  return { pushed, patched, failed };
}

/** The Google object of a remembered save: a member card's generic object (by its term ticket) or a ticket's. */
async function googleObjectOf(
  knex: Knex,
  g: { ticketId: string; userId: number },
  o: PassOptions,
): Promise<{ kind: GoogleObjectKind; object: Record<string, unknown> }> {
  const serial = serialOf(g.ticketId, g.userId);
  const member = await memberFactsOfTerm(knex, g.ticketId, g.userId, o);
  if (member) return { kind: 'genericObject', object: memberGenericObject(member, o.wallet.google, serial) };
  const facts = await passFacts(knex, g.ticketId, g.userId, o);
  return { kind: 'eventTicketObject', object: eventTicketObject(facts, o.wallet.google, serial) };
}
