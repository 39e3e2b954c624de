// GET api/v1/items/{id}/pass-places?date: what the signed-in visitor may book of the places set aside for pass
// holders on a date: how many of their holders are valid there that day (the hook passPoolHolders) and, when any,
// the slots' places left (stock pool 1). Everyone else sees only the general pool (availability).
import type { Knex } from 'knex';
import type { PassPlaces } from '../../../../common/dto/cart';
import { passPlacesOf } from '../../stock';
import { cartHooks } from '../cartHooks';

export async function getPassPlaces(
  knex: Knex,
  userId: number,
  itemId: number,
  date: string,
  linkId?: string,
): Promise<PassPlaces> {
  const { parkId, slots } = await passPlacesOf(knex, itemId, date, linkId);
  if (slots.length === 0) return { holders: 0, slots: [] };
  const holders = await cartHooks().passPoolHolders(knex, userId, parkId, date);
  return { holders, slots: holders > 0 ? slots : [] };
}
