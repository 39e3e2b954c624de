// The PassKit web service's device side: a device registers (or unregisters) a serial with its push token, and
// asks which of its serials changed since the tag it was last given (the tag: a change bound, see lastChanges).
import type { Knex } from 'knex';
import { lastChanges } from './passFacts';

export async function registerDevice(
  knex: Knex,
  r: { deviceId: string; passTypeId: string; serial: string; ticketId: string; pushToken: string },
): Promise<'created' | 'exists'> {
  const changed = (await lastChanges(knex, [r.ticketId])).changes.get(r.ticketId) ?? 0;
  const inserted = await knex('wallet_pass_registrations')
    .insert({
      device_library_id: r.deviceId,
      pass_type_id: r.passTypeId,
      serial_number: r.serial,
      ticket_id: r.ticketId,
      push_token: r.pushToken,
      // What the device got is current: only later changes are pushed.
      pushed_xid: changed,
    })
    .onConflict(['device_library_id', 'pass_type_id', 'serial_number'])
    .merge({ push_token: r.pushToken })
    .returning(knex.raw('(xmax = 0) as created'));
  return (inserted[0] as { created: boolean } | undefined)?.created ? 'created' : 'exists';
}

export async function unregisterDevice(knex: Knex, deviceId: string, passTypeId: string, serial: string) {
  await knex('wallet_pass_registrations')
    .where({ device_library_id: deviceId, pass_type_id: passTypeId, serial_number: serial })
    .delete();
}

/** Serials of the device changed after `since` (all when absent); null when the device has none registered. */
export async function changedSerials(knex: Knex, deviceId: string, passTypeId: string, since: number | null) {
  const regs = (await knex('wallet_pass_registrations')
    .where({ device_library_id: deviceId, pass_type_id: passTypeId })
    .select('serial_number', 'ticket_id')) as { serialNumber: string; ticketId: string }[];
  if (regs.length === 0) return null;
  const { changes, bound } = await lastChanges(
    knex,
    regs.map((r) => r.ticketId),
  );
  const changed = regs.filter((r) => since === null || (changes.get(r.ticketId) ?? 0) >= since);
  return { serialNumbers: changed.map((r) => r.serialNumber), lastUpdated: String(bound) };
}
