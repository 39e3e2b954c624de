import type { Knex } from 'knex';
import { DEFAULT_KONBINI_PAYMENT_DAYS } from '../../../../common/enums';
import { audit } from '../../../lib/audit';
import { notFound } from '../../../lib/errors';

export interface KonbiniSettings {
  /** Days a konbini buyer has to pay (Asia/Tokyo days; never past the day before use: placeOrder cuts it). */
  paymentDays: number;
}

export async function getKonbiniSettings(knex: Knex, parkId: number): Promise<KonbiniSettings> {
  const park = (await knex('parks').where({ id: parkId }).first('konbini_payment_days')) as
    | { konbiniPaymentDays: number }
    | undefined;
  if (!park) throw notFound();
  return { paymentDays: park.konbiniPaymentDays ?? DEFAULT_KONBINI_PAYMENT_DAYS };
}

/** The park owner sets the konbini payment term (1 to 30 days); orders placed from then on use it. */
export async function setKonbiniSettings(
  knex: Knex,
  parkId: number,
  actorUserId: number,
  input: KonbiniSettings,
): Promise<KonbiniSettings> {
  await knex.transaction(async (trx) => {
    const park = await trx('parks').where({ id: parkId }).forUpdate().first('konbini_payment_days');
    if (!park) throw notFound();
    await trx('parks').where({ id: parkId }).update({ konbini_payment_days: input.paymentDays });
    await audit(trx, {
      entity: 'park',
      entityId: parkId,
      action: 'konbini_settings',
      actorUserId,
      data: { from: park.konbiniPaymentDays, to: input.paymentDays },
    });
  });
  return getKonbiniSettings(knex, parkId);
}
