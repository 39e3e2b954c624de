// The sweep lotteryRounds: closes the entries of lotteries past their entry period (publishing the commitments),
// draws those past their draw time, then acts on the results drawn so far.
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { closeEntries } from './closeEntries';
import { drawLottery } from './drawLottery';
import { settleResults } from './settleResults';

export async function runLotteryRounds(knex: Knex, config: Config, now: Date) {
  const toClose = (await knex('lotteries')
    .where('state', 'open')
    .where('entry_closes_at', '<=', now)
    .pluck('id')) as number[];
  for (const id of toClose) await closeEntries(knex, id, now);
  const toDraw = (await knex('lotteries').where('state', 'closed').where('draw_at', '<=', now).pluck('id')) as number[];
  const draws = [];
  for (const id of toDraw) draws.push(await drawLottery(knex, id, now));
  const results = await settleResults(knex, config, now);
  return { closed: toClose.length, drawn: draws.filter(Boolean).length, ...results };
}
