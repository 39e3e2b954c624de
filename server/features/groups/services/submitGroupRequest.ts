// A signed-in visitor asks a park for a group visit: an item of the park, a date (and slot), the head count within
// the park's limits with its age mix (which must add up to it) and leaders, the purpose, and for a fee exemption
// one of the park's exemption kinds with its document (PDF, PNG or JPEG judged by its bytes, at most 10 MB).
// Nothing is held yet: the park's staff decide.
import type { Knex } from 'knex';
import { isIsoDate } from '../../../../common/rules/availability';
import { GROUP_AGE_BANDS, type GroupAgeMix, type GroupKind } from '../../../../common/rules/groupRequestState';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { checkDocument } from '../document';
import { readGroupSettings } from '../settings';

export interface GroupRequestInput {
  itemId: number;
  date: string;
  timeSlotId: number | null;
  organisation: string;
  kind: GroupKind;
  partySize: number;
  ageMix: GroupAgeMix;
  leaders: number;
  leaderName: string;
  purpose: string;
  exemptionKind: string | null;
  document: Buffer | null;
}

export async function submitGroupRequest(
  knex: Knex,
  userId: number,
  input: GroupRequestInput,
  now: Date,
): Promise<{ id: number }> {
  const item = (await knex('items').where({ id: input.itemId }).first('id', 'park_id')) as
    | { id: number; parkId: number }
    | undefined;
  if (!item) throw new DomainError('notFound');
  if (!isIsoDate(input.date)) throw new DomainError('invalidParam', { field: 'date' });
  // An item sold by time slot needs one of its slots; an item sold by the day takes none.
  const slots = (await knex('item_time_slots').where({ item_id: item.id }).pluck('id')) as number[];
  const slotOk = input.timeSlotId === null ? slots.length === 0 : slots.map(Number).includes(input.timeSlotId);
  if (!slotOk) throw new DomainError('invalidParam', { field: 'timeSlotId' });
  const settings = await readGroupSettings(knex, item.parkId);
  if (input.partySize < settings.minSize || input.partySize > settings.maxSize) {
    throw new DomainError('groupSizeOutOfRange', { min: settings.minSize, max: settings.maxSize });
  }
  const mixTotal = GROUP_AGE_BANDS.reduce((n, b) => n + (input.ageMix[b] ?? 0), 0);
  if (mixTotal !== input.partySize) throw new DomainError('invalidParam', { field: 'ageMix' });
  if (input.leaders > input.partySize) throw new DomainError('invalidParam', { field: 'leaders' });
  let documentType: string | null = null;
  if (input.exemptionKind !== null) {
    if (!settings.exemptionKinds.includes(input.exemptionKind)) throw new DomainError('groupExemptionUnknown');
    if (!input.document || input.document.length === 0) throw new DomainError('groupDocumentRequired');
    documentType = checkDocument(input.document);
  } else if (input.document && input.document.length > 0) {
    documentType = checkDocument(input.document);
  }
  return knex.transaction(async (trx) => {
    const [row] = (await trx('group_requests')
      .insert({
        park_id: item.parkId,
        user_id: userId,
        item_id: item.id,
        date: input.date,
        time_slot_id: input.timeSlotId,
        organisation: input.organisation,
        kind: input.kind,
        party_size: input.partySize,
        age_mix: JSON.stringify(input.ageMix),
        leaders: input.leaders,
        leader_name: input.leaderName,
        purpose: input.purpose,
        exemption_kind: input.exemptionKind,
        document: documentType ? input.document : null,
        document_type: documentType,
        state: 'requested',
        created_at: now,
        updated_at: now,
      })
      .returning('id')) as { id: number | string }[];
    const id = Number(row?.id);
    await audit(trx, {
      entity: 'group_request',
      entityId: id,
      action: 'requested',
      actorUserId: userId,
      data: { partySize: input.partySize, exemptionKind: input.exemptionKind, documentType },
    });
    return { id };
  });
}
