// The back office's ticket packs: GET …/ticket-packs/{packId} reads one as its editors edit it, POST …/ticket-packs
// creates one (private, sale label 1, until its label moves) and PUT …/ticket-packs/{packId} changes the fields it
// names: names and texts, price per pack, the totals a purchase may have, the selectable times, the application
// window, the use period and the contents (items of the same park; not changed once packs were sold: orders hold
// them). Each change is in the park's audit trail.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { OfficePack } from '../../../../common/dto/catalogueOffice';
import { SaleLabel } from '../../../../common/enums';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { soldPacks } from './movePackSaleLabel';

export interface PackFields {
  nameJa?: string;
  nameEn?: string | null;
  descriptionJa?: string;
  descriptionEn?: string | null;
  price?: number;
  minTotal?: number;
  maxTotal?: number;
  selectableTimes?: string[];
  applicationStartsAt?: Date;
  applicationEndsAt?: Date;
  availableFrom?: string;
  availableUntil?: string;
  contents?: { itemId: number; quantity: number }[];
}

type Db = Knex | Knex.Transaction;
const bad = (field: string) => new DomainError('invalidParam', { field });

export async function loadOfficePack(db: Db, parkId: number, packId: number): Promise<OfficePack | undefined> {
  const p = await db('ticket_packs').where({ id: packId, park_id: parkId }).first();
  if (!p) return undefined;
  const contents = (await db('ticket_pack_items as c')
    .join('items as i', 'i.id', 'c.item_id')
    .where('c.ticket_pack_id', packId)
    .orderBy('c.item_id')
    .select('c.item_id', 'c.quantity', 'i.name_ja')) as { itemId: number; quantity: number; nameJa: string }[];
  const sold = (await soldPacks(db, [packId])).get(packId) ?? 0;
  return {
    id: Number(p.id),
    nameJa: p.nameJa,
    nameEn: p.nameEn ?? null,
    descriptionJa: p.descriptionJa,
    descriptionEn: p.descriptionEn ?? null,
    saleLabel: p.saleLabel,
    price: Number(p.price),
    minTotal: Number(p.minTotal),
    maxTotal: Number(p.maxTotal),
    selectableTimes: [...(p.selectableTimes ?? [])].sort(),
    applicationStartsAt: new Date(p.applicationStartsAt).toISOString(),
    applicationEndsAt: new Date(p.applicationEndsAt).toISOString(),
    availableFrom: p.availableFrom,
    availableUntil: p.availableUntil,
    linkId: p.linkId,
    sold,
    contents: contents.map((c) => ({ itemId: Number(c.itemId), quantity: Number(c.quantity), nameJa: c.nameJa })),
  };
}

async function check(trx: Knex.Transaction, parkId: number, next: PackFields): Promise<void> {
  if ((next.minTotal ?? 1) > (next.maxTotal ?? 1)) throw bad('min_total');
  if (next.availableFrom && next.availableUntil && next.availableFrom > next.availableUntil)
    throw bad('available_until');
  if (next.applicationStartsAt && next.applicationEndsAt && next.applicationStartsAt >= next.applicationEndsAt) {
    throw bad('application_ends_at');
  }
  if (next.selectableTimes && new Set(next.selectableTimes).size !== next.selectableTimes.length) {
    throw bad('selectable_times');
  }
  if (next.contents) {
    const ids = next.contents.map((c) => c.itemId);
    if (new Set(ids).size !== ids.length) throw bad('contents');
    const own = (await trx('items').where({ park_id: parkId }).whereIn('id', ids).pluck('id')) as number[];
    if (own.length !== ids.length) throw bad('contents');
  }
}

const COLUMNS: Record<string, string> = {
  nameJa: 'name_ja',
  nameEn: 'name_en',
  descriptionJa: 'description_ja',
  descriptionEn: 'description_en',
  price: 'price',
  minTotal: 'min_total',
  maxTotal: 'max_total',
  selectableTimes: 'selectable_times',
  applicationStartsAt: 'application_starts_at',
  applicationEndsAt: 'application_ends_at',
  availableFrom: 'available_from',
  availableUntil: 'available_until',
};

function columnsOf(f: PackFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, column] of Object.entries(COLUMNS)) {
    const v = f[k as keyof PackFields];
    if (v !== undefined) out[column] = v;
  }
  return out;
}

async function writeContents(trx: Knex.Transaction, packId: number, contents: PackFields['contents']) {
  if (!contents) return;
  await trx('ticket_pack_items').where({ ticket_pack_id: packId }).delete();
  await trx('ticket_pack_items').insert(
    contents.map((c) => ({ ticket_pack_id: packId, item_id: c.itemId, quantity: c.quantity })),
  );
}

export async function createPack(
  knex: Knex,
  // The English texts may be left out (null in the pack).
  input: {
    parkId: number;
    actorUserId: number;
    fields: Required<Omit<PackFields, 'nameEn' | 'descriptionEn'>> & PackFields;
  },
): Promise<OfficePack> {
  return knex.transaction(async (trx) => {
    const park = await trx('parks').where({ id: input.parkId }).first('image_url');
    if (!park) throw notFound();
    await check(trx, input.parkId, input.fields);
    const [row] = await trx('ticket_packs')
      .insert({
        code: `office-pack-${randomUUID()}`,
        park_id: input.parkId,
        category: 0,
        image_url: park.imageUrl,
        ...columnsOf(input.fields),
        sale_label: SaleLabel.Private,
        link_id: randomUUID(),
      })
      .returning('id');
    await writeContents(trx, Number(row.id), input.fields.contents);
    const after = (await loadOfficePack(trx, input.parkId, Number(row.id))) as OfficePack;
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: `pack:${row.id}`,
      action: 'created',
      after,
    });
    return after;
  });
}

export async function updatePack(
  knex: Knex,
  input: { parkId: number; packId: number; actorUserId: number; fields: PackFields },
): Promise<OfficePack> {
  return knex.transaction(async (trx) => {
    const locked = await trx('ticket_packs').where({ id: input.packId, park_id: input.parkId }).forUpdate().first('id');
    if (!locked) throw notFound();
    const before = (await loadOfficePack(trx, input.parkId, input.packId)) as OfficePack;
    await check(trx, input.parkId, {
      ...before,
      applicationStartsAt: new Date(before.applicationStartsAt),
      applicationEndsAt: new Date(before.applicationEndsAt),
      ...input.fields,
    });
    if (input.fields.contents && before.sold > 0) throw new DomainError('packContentsLocked');
    const columns = columnsOf(input.fields);
    if (Object.keys(columns).length) {
      await trx('ticket_packs')
        .where({ id: input.packId })
        .update({ ...columns, updated_at: new Date() });
    }
    await writeContents(trx, input.packId, input.fields.contents);
    const after = (await loadOfficePack(trx, input.parkId, input.packId)) as OfficePack;
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: `pack:${input.packId}`,
      action: 'updated',
      before,
      after,
    });
    return after;
  });
}
