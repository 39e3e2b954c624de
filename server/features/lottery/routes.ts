import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { chargesAtDraw } from '../../../common/rules/lotteryPayment';
import { notFound } from '../../lib/errors';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { fields, listOf, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { DRAW_ANSWER, ENTRIES_ANSWER, ENTRY_ANSWER, ITEM_LOTTERY_ANSWER, WITHDRAWN_ANSWER } from './responses';
import { changeEntry, withdrawEntry } from './services/changeEntry';
import { checkEntry } from './services/checkEntry';
import { listMyEntries } from './services/listMyEntries';
import { publishedDraw } from './services/publishedDraw';

// Lottery rounds (public: times, commitments, and after the draw what recomputes it) and the caller's entries.
// Entries are made by placing an order for a lottery item (POST /api/v1/orders with lottery_choices).
const choice = fields({ date: isoDate(), time_slot_id: orNull(id()).default(null) });

export const lotteryRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/items/{id}/lottery',
    options: {
      response: ITEM_LOTTERY_ANSWER,
      auth: false,
      plugins: answers({ 404: 'The item has no lottery round now' }),
      tags: ['api', 'lottery'],
      description:
        'The lottery round of an item that is taking or has taken entries most recently: entry period, draw, announcement, purchase deadline, commitments',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      const { knex, clock, config } = request.server.app;
      const row = await knex('lotteries')
        .where({ item_id: request.params.id })
        .orderBy([
          { column: 'use_to', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first('id');
      if (!row) throw notFound();
      const draw = await publishedDraw(knex, Number(row.id));
      // An entry made now: its card is checked, and charged at the draw (else its amount is authorised now).
      const chargeAtDraw = chargesAtDraw(new Date(draw.drawAt), clock.now(), config.payments.authorisationValidDays);
      return ok(h, { ...draw, entries: null, winners: null, places: null, seed: draw.seed, chargeAtDraw });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/lotteries/{id}/draw',
    options: {
      response: DRAW_ANSWER,
      auth: false,
      plugins: answers({ 404: 'No such lottery' }),
      tags: ['api', 'lottery'],
      description:
        'What the lottery publishes: SHA-256 of the seed and of the entry list once entries close; after the draw the seed, the list, the places per choice and the result (checked by npm run lottery:verify)',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      return ok(h, await publishedDraw(request.server.app.knex, request.params.id));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/lottery-entries/check',
    options: {
      plugins: answers({
        200: {
          description: 'The round the entry would go to (null: the cart has no lottery line)',
          data: { type: 'object' },
        },
        409: 'No round takes entries for the date now, or the account has entered it (dateNotInLotteryRound, lotteryClosed, lotteryAlreadyEntered)',
      }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'lottery'],
      description:
        "Before the card: checks the lottery entry one park's cart would make (its line's date in a round taking " +
        'entries now, the further choices, one entry per account); placing the order checks it again',
      validate: {
        payload: fields({
          park_id: id(),
          line_ids: optional(listOf(id()).min(1).max(50)),
          lottery_choices: listOf(choice).max(2).default([]),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const answer = await checkEntry(request.server.app.knex, {
        userId: currentUserId(request),
        parkId: p.park_id,
        lineIds: p.line_ids,
        more: p.lottery_choices.map((c) => ({ date: c.date, slotId: c.time_slot_id })),
        now: request.server.app.clock.now(),
      });
      return ok(h, answer);
    },
  }),
  {
    method: 'GET',
    path: '/api/v1/me/lottery-entries',
    options: {
      response: ENTRIES_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'lottery'],
      description: 'Your lottery entries, newest first: waiting for the draw (抽選待ち), won (当選), lost (落選)',
    },
    async handler(request, h) {
      const { knex, clock } = request.server.app;
      return ok(h, await listMyEntries(knex, currentUserId(request), request.app.locale, clock.now()));
    },
  },
  route({
    method: 'PUT',
    path: '/api/v1/me/lottery-entries/{id}',
    options: {
      response: ENTRY_ANSWER,
      plugins: answers({ 404: 'Not your entry', 409: 'Entries have closed (lotteryEntryLocked)' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'lottery'],
      description: 'Change the choices (1 to 3, most wanted first) and the waitlist opt-in until entries close',
      validate: {
        params: fields({ id: id() }),
        payload: fields({
          choices: listOf(choice).min(1).max(3),
          waitlist: Joi.boolean().default(false),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const { knex, clock } = request.server.app;
      const userId = currentUserId(request);
      await changeEntry(knex, {
        userId,
        entryId: request.params.id,
        choices: p.choices.map((c) => ({ date: c.date, slotId: c.time_slot_id })),
        waitlist: p.waitlist,
        now: clock.now(),
      });
      const entries = await listMyEntries(knex, userId, request.app.locale, clock.now());
      return ok(h, entries.find((e) => e.id === request.params.id) ?? null);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/lottery-entries/{id}',
    options: {
      response: WITHDRAWN_ANSWER,
      plugins: answers({ 404: 'Not your entry', 409: 'Entries have closed (lotteryEntryLocked)' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'lottery'],
      description: 'Withdraw an entry until entries close: the card authorisation is voided',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      const { knex, config, clock } = request.server.app;
      await withdrawEntry(knex, config, {
        userId: currentUserId(request),
        entryId: request.params.id,
        now: clock.now(),
      });
      return ok(h, { withdrawn: true });
    },
  }),
];
