// GET api/v1/staff/parks/{parkId}/pass-holders/{holderId}/photos/{photoId}: a photo of a holder of a pass the park
// sold, for the holder page (480 px JPEG); not found for any other.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { assertHolderOfPark } from './holderOfPark';

export async function passHolderPhoto(knex: Knex, parkId: number, holderId: number, photoId: string): Promise<Buffer> {
  await assertHolderOfPark(knex, parkId, holderId);
  const row = (await knex('pass_photos').where({ id: photoId, pass_holder_id: holderId }).first('image')) as
    | { image: Buffer }
    | undefined;
  if (!row) throw notFound();
  return row.image;
}
