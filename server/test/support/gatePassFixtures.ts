// Annual passes as the gate's holder list sees them, written straight into the tables (issue 29). Until the ticket
// ledger issues passes (passcore), the gate's tests need passes, holders, term tickets, tokens and photos of their
// own: this file is the one place that writes them (test code, not a writer the ledger check knows of). Each helper
// is one transaction, like the writer it stands in for, so each is one change for the gate's cursor.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { addDays, tokyoDate } from '../../../common/time';

export interface PassProductFixture {
  itemId: number;
  parkId: number;
  parkIds: number[];
}

export interface HolderFixture {
  holderId: number;
  termTicketId: string;
  jti: string;
  photoId: string | null;
}

export interface PassFixture {
  passId: number;
  passNumber: string;
  holders: HolderFixture[];
}

let made = 0;

/** Two public parks (the pass's own and a partner), lowest ids first. */
export async function twoParks(knex: Knex): Promise<[number, number]> {
  const rows = (await knex('parks').where('is_private', false).orderBy('id').limit(2).select('id')) as { id: number }[];
  if (rows.length < 2) throw new Error('two public parks needed');
  return [rows[0]?.id as number, rows[1]?.id as number];
}

/** A park of its own (a copy of the first public one), so a test's holder list holds only its passes. */
export async function newPark(knex: Knex): Promise<number> {
  const { rows } = await knex.raw(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'parks' AND table_schema = current_schema() AND column_name NOT IN ('id', 'slug', 'link_id')
        AND is_generated = 'NEVER' AND column_default IS DISTINCT FROM 'nextval(''parks_id_seq''::regclass)'`,
  );
  const cols = (rows as { name: string }[]).map((r) => `"${r.name}"`).join(', ');
  const slug = `gate-pass-${randomUUID().slice(0, 8)}`;
  const inserted = await knex.raw(
    `INSERT INTO parks (slug, link_id, ${cols}) SELECT ?, ?, ${cols} FROM parks WHERE is_private = false ORDER BY id LIMIT 1 RETURNING id`,
    [slug, randomUUID()],
  );
  return Number(inserted.rows[0].id);
}

/** A pass product of `parkId`, admitted also at `partners`; re-entry by `maxEntries` (1: once a day). */
export async function passProduct(
  knex: Knex,
  parkId: number,
  o: { partners?: number[]; maxEntries?: number | null; kind?: 'single' | 'family' } = {},
): Promise<PassProductFixture> {
  const n = ++made;
  const maxEntries = o.maxEntries === undefined ? 1 : o.maxEntries;
  return knex.transaction(async (trx) => {
    const [item] = await trx('items')
      .insert({
        code: `test-pass-${randomUUID().slice(0, 8)}-${n}`,
        park_id: parkId,
        category: 0,
        pass: true,
        name_ja: `年間パスポート${n}`,
        name_en: `Annual pass ${n}`,
        description_ja: 'テスト用の年間パスポートです。',
        sale_label: 4,
        combination_label: 99,
        usage_trigger: 1,
        available_from: addDays(tokyoDate(), -1),
        available_until: addDays(tokyoDate(), 365),
        daily_capacity: 1000,
        image_url: '/media/test.svg',
        link_id: randomUUID(),
        reentry: maxEntries !== 1,
        max_entries: maxEntries === 1 ? null : maxEntries,
      })
      .returning('id');
    const kind = o.kind ?? 'family';
    await trx('pass_products').insert({
      item_id: item.id,
      park_id: parkId,
      kind,
      max_holders: kind === 'single' ? 1 : 4,
      validity_start: 'first_entry',
    });
    const parkIds = [parkId, ...(o.partners ?? [])];
    await trx('pass_product_parks').insert(parkIds.map((p) => ({ item_id: item.id, park_id: p })));
    return { itemId: item.id as number, parkId, parkIds };
  });
}

/** A small stand-in for a 96 px WebP thumbnail (its bytes are what the gate stores). */
const thumbOf = (seed: string) => Buffer.from(`RIFF-thumb-${seed}-${'x'.repeat(64)}`);

/**
 * A pass of the product owned by `ownerId` with `holders` named holders, each with a term ticket (and a live token),
 * and a photo each when `photos`. Started (`validFrom`..`validUntil`) or not (`startBy` only).
 */
export async function issuePass(
  knex: Knex,
  product: PassProductFixture,
  ownerId: number,
  o: {
    holders?: number;
    photos?: boolean;
    validFrom?: string | null;
    validUntil?: string | null;
    startBy?: string;
  } = {},
): Promise<PassFixture> {
  const today = tokyoDate();
  const validFrom = o.validFrom === undefined ? today : o.validFrom;
  const validUntil = o.validUntil === undefined ? addDays(today, 364) : o.validUntil;
  const startBy = o.startBy ?? addDays(today, 364);
  const lastDay = validUntil ?? addDays(startBy, 364);
  return knex.transaction(async (trx) => {
    const [order] = await trx('orders')
      .insert({
        application_number: `TP${randomUUID().slice(0, 10)}`,
        user_id: ownerId,
        park_id: product.parkId,
        kind: 'ITEMS',
        state: 'paid',
        subtotal: 0,
        total: 0,
        payment_method: 4,
        paid_at: new Date(),
      })
      .returning('id');
    const [line] = await trx('order_lines')
      .insert({ order_id: order.id, item_id: product.itemId, date: today, units: JSON.stringify([]), subtotal: 0 })
      .returning('id');
    const seq = (await trx.raw("SELECT nextval('pass_number_seq')::int AS n")).rows[0].n as number;
    const passNumber = `P${String(product.parkId).padStart(3, '0')}-${String(seq).padStart(7, '0')}`;
    const [pass] = await trx('passes')
      .insert({
        pass_number: passNumber,
        item_id: product.itemId,
        park_id: product.parkId,
        owner_user_id: ownerId,
        first_order_id: order.id,
        start_by: startBy,
        valid_from: validFrom,
        valid_until: validUntil,
      })
      .returning('id');
    const holders: HolderFixture[] = [];
    for (let position = 1; position <= (o.holders ?? 1); position++) {
      const [holder] = await trx('pass_holders')
        .insert({
          pass_id: pass.id,
          position,
          name: `会員 ${position}号`,
          name_search: `会員${position}号`,
          age_group_id: 5,
          unit_kind: 'basic',
        })
        .returning('id');
      let photoId: string | null = null;
      if (o.photos) {
        photoId = randomUUID();
        const thumb = thumbOf(photoId);
        await trx('pass_photos').insert({
          id: photoId,
          owner_user_id: ownerId,
          pass_holder_id: holder.id,
          image: Buffer.from('jpeg'),
          thumb,
          thumb_bytes: thumb.length,
        });
        await trx('pass_holders').where({ id: holder.id }).update({ photo_id: photoId });
      }
      const termTicketId = randomUUID();
      await trx('tickets').insert({
        id: termTicketId,
        order_id: order.id,
        order_line_id: line.id,
        user_id: ownerId,
        park_id: product.parkId,
        item_id: product.itemId,
        ticket_number: `${passNumber}-${position}-T1`,
        use_date: lastDay,
        valid_from: validFrom,
        unit_kind: 'pass',
        age_group_id: 5,
        price: 0,
        state: 'available',
        pass_id: pass.id,
        pass_holder_id: holder.id,
      });
      const jti = await liveToken(trx, product.parkId, termTicketId, lastDay);
      holders.push({ holderId: holder.id as number, termTicketId, jti, photoId });
    }
    return { passId: pass.id as number, passNumber, holders };
  });
}

async function liveToken(trx: Knex, parkId: number, ticketId: string, lastDay: string): Promise<string> {
  const jti = randomUUID();
  await trx('ticket_tokens').insert({
    jti,
    ticket_id: ticketId,
    park_id: parkId,
    kid: 'test-kid',
    token: `test-token-${jti}`,
    expires_at: new Date(`${addDays(lastDay, 1)}T00:00:00+09:00`),
  });
  return jti;
}

/** A lost phone: the holder's token is revoked ('reissued') and a new one issued. Answers the new jti. */
export async function reissue(knex: Knex, parkId: number, holder: HolderFixture): Promise<string> {
  return knex.transaction(async (trx) => {
    await trx('ticket_tokens')
      .where({ ticket_id: holder.termTicketId })
      .whereNull('revoked_at')
      .update({
        revoked_at: new Date(),
        revoke_reason: 'reissued',
        revoke_seq: trx.raw("nextval('ticket_revocation_seq')"),
      });
    const row = (await trx('tickets').where({ id: holder.termTicketId }).first('use_date')) as { useDate: string };
    return liveToken(trx, parkId, holder.termTicketId, row.useDate);
  });
}

/** The park suspends the holder's term ticket (or reinstates it with `reason` null). */
export async function suspend(knex: Knex, holder: HolderFixture, reason: string | null): Promise<void> {
  await knex('tickets')
    .where({ id: holder.termTicketId })
    .update({ state: reason === null ? 'available' : 'suspended', suspension_reason: reason });
}

/** The pass is cancelled: its term tickets and their tokens. */
export async function cancelPass(knex: Knex, pass: PassFixture): Promise<void> {
  await knex.transaction(async (trx) => {
    const ids = pass.holders.map((h) => h.termTicketId);
    await trx('tickets').whereIn('id', ids).update({ state: 'cancelled' });
    await trx('ticket_tokens')
      .whereIn('ticket_id', ids)
      .whereNull('revoked_at')
      .update({
        revoked_at: new Date(),
        revoke_reason: 'cancelled',
        revoke_seq: trx.raw("nextval('ticket_revocation_seq')"),
      });
  });
}

/** A new photo for the holder (uploaded and linked): answers its id. */
export async function newPhoto(knex: Knex, ownerId: number, holder: HolderFixture): Promise<string> {
  const photoId = randomUUID();
  const thumb = thumbOf(photoId);
  await knex.transaction(async (trx) => {
    await trx('pass_photos').insert({
      id: photoId,
      owner_user_id: ownerId,
      pass_holder_id: holder.holderId,
      image: Buffer.from('jpeg'),
      thumb,
      thumb_bytes: thumb.length,
    });
    await trx('pass_holders').where({ id: holder.holderId }).update({ photo_id: photoId });
  });
  return photoId;
}
