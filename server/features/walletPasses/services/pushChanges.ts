// Tells the wallets about changed tickets: one APNs push per registered device of a changed serial, one PATCH per
// Google object of a changed ticket; each row then remembers the change it told about, so a change goes out once.
import type { Knex } from 'knex';
import type { ApnsAdapter, GoogleWalletAdapter } from '../adapters';
import { eventTicketObject } from '../google';
import { serialOf } from '../passContent';
import { lastChanges, passFacts } from './passFacts';
import type { PassOptions } from './ticketPkpass';

export async function pushChanges(
  knex: Knex,
  adapters: { apns: ApnsAdapter; google: GoogleWalletAdapter },
  o: PassOptions,
): Promise<{ pushed: number; patched: number }> {
  let pushed = 0;
  let patched = 0;
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
    await adapters.apns.push(r.pushToken, r.passTypeId);
    await knex('wallet_pass_registrations')
      .where({ device_library_id: r.deviceLibraryId, pass_type_id: r.passTypeId, serial_number: r.serialNumber })
      .update({ pushed_xid: changed });
    pushed++;
  }
  for (const g of objects) {
    const changed = changes.get(g.ticketId) ?? 0;
    if (changed <= Number(g.syncedXid)) continue;
    const serial = serialOf(g.ticketId, g.userId);
    const facts = await passFacts(knex, g.ticketId, g.userId, o);
    await adapters.google.patchObject(g.objectId, eventTicketObject(facts, o.wallet.google, serial));
    await knex('wallet_google_objects').where({ object_id: g.objectId }).update({ synced_xid: changed });
    patched++;
  }
  return { pushed, patched };
}
