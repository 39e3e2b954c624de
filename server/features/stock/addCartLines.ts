// Running the add-to-cart statement (sql/add_cart_line.sql), with group commit for a hot stock row.
//
// In a flash sale every add takes the same stock row's lock and waits for its own WAL flush while holding it, so
// adds go one after another at the speed of a commit. Here adds of one line on the same stock row (same item, date
// and slot) queue behind the two statements in flight; when one ends, the queue goes to the database as ONE statement
// (sql/add_cart_lines.sql: each add in a subtransaction of its own, the row's places taken once at the end, one
// commit for all). An add that arrives with fewer than two in flight runs alone at once, so a quiet server adds no
// latency. Each add keeps its own outcome: a
// failure (sold out, max per order, a slot removed) is that add's alone and is raised as the single statement
// would raise it; one that is not ours to answer (a deadlock with another instance, say) is tried again alone.
import type { Knex } from 'knex';

export interface AddCartLineCall {
  ownerKey: string;
  userId: number | null;
  guestUserId: string | null;
  parkId: number;
  /** The line's columns (carts/lines.ts LineRow without ids and dates). */
  line: object;
  /** max_per_order of an item line, checked over the cart's lines of the same item, date and slot. */
  maxPeople: number | null;
  units: object[];
  seatCodes: string[];
  expiresAt: Date;
  /** A waiting room's admission (waitingRoom Admission), spent first in the add's statement by
   *  zoo_spend_admission: with the line, or not at all (refused: P0001 waitingRoomAdmissionUsed). */
  admission?: object | null;
}

export interface AddCartLineResult {
  lineId: number;
  cartId: number;
  createdAt: string;
  holdIds: number[];
  merged?: boolean;
}

/** PostgreSQL keeps 64 subtransaction ids per backend in shared memory; a batch stays under that. */
const MAX_BATCH = 48;
/** Our own refusals (P0001) and a removed slot's key (23503) are an add's answer, not a reason to try again. */
const ANSWERS = new Set(['P0001', '23503']);

/** An error shaped as the driver's: `code` is the SQLSTATE, `message` what the function raised. */
class StatementError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A deadlock's victim rolled back whole: the add can run again (twice at most). Not inside a caller's transaction. */
async function addOne(db: Knex | Knex.Transaction, c: AddCartLineCall, tries = 3): Promise<AddCartLineResult> {
  try {
    return await addOnce(db, c);
  } catch (err) {
    const deadlock = (err as { code?: string }).code === '40P01';
    if (!deadlock || tries <= 1 || (db as Knex.Transaction).isTransaction) throw err;
    return addOne(db, c, tries - 1);
  }
}

const ADD_ONE = `zoo_add_cart_line(?, ?, ?::uuid, ?, ?::jsonb, ?::int, ?::jsonb,
  ARRAY(SELECT jsonb_array_elements_text(?::jsonb)), ?::timestamptz)`;
// The admission's spend is the FROM: it runs first, in the same statement (one commit for both).
const ADD_ONE_ADMITTED = `SELECT ${ADD_ONE} AS r FROM zoo_spend_admission(?::jsonb)`;

async function addOnce(db: Knex | Knex.Transaction, c: AddCartLineCall): Promise<AddCartLineResult> {
  const { rows } = (await db.raw(c.admission ? ADD_ONE_ADMITTED : `SELECT ${ADD_ONE} AS r`, [
    c.ownerKey,
    c.userId,
    c.guestUserId,
    c.parkId,
    JSON.stringify(c.line),
    c.maxPeople,
    JSON.stringify(c.units),
    JSON.stringify(c.seatCodes),
    c.expiresAt,
    ...(c.admission ? [JSON.stringify(c.admission)] : []),
  ])) as { rows: { r: unknown }[] };
  const r = rows[0]?.r;
  if (!r) throw new Error('zoo_add_cart_line returned nothing');
  return parse<AddCartLineResult>(r);
}

type Outcome = { ok: AddCartLineResult } | { error: string; message: string };

async function addMany(knex: Knex, calls: AddCartLineCall[]): Promise<Outcome[]> {
  const { rows } = (await knex.raw('SELECT zoo_add_cart_lines(?::jsonb) AS r', [JSON.stringify(calls)])) as {
    rows: { r: unknown }[];
  };
  const outcomes = parse<Outcome[]>(rows[0]?.r);
  if (!Array.isArray(outcomes) || outcomes.length !== calls.length) {
    throw new Error('zoo_add_cart_lines answered a different number of outcomes');
  }
  return outcomes;
}

interface Waiting {
  call: AddCartLineCall;
  resolve: (r: AddCartLineResult) => void;
  reject: (e: unknown) => void;
}

/** Adds that went to the database together, and in how many statements (read by tests). */
export const groupCommits = { statements: 0, adds: 0 };

/** Statements in flight per stock row: two, so one batch does its adds while the other holds the row to its commit
 *  (the batch takes the row's places last, add_cart_lines.sql). */
const IN_FLIGHT = 2;

interface RowQueue {
  waiting: Waiting[];
  running: number;
}

/** The adds queued per stock row, per database (tests run several servers in one process). */
const queues = new WeakMap<Knex, Map<string, RowQueue>>();

/** Takes the row's queue, a batch at a time, until it is empty. */
async function drain(knex: Knex, key: string, rows: Map<string, RowQueue>, queue: RowQueue): Promise<void> {
  try {
    for (;;) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      if (batch.length === 0) return;
      if (batch.length === 1) {
        const [only] = batch as [Waiting];
        await addOne(knex, only.call).then(only.resolve, only.reject);
        continue;
      }
      let outcomes: Outcome[];
      try {
        outcomes = await addMany(
          knex,
          batch.map((w) => w.call),
        );
        groupCommits.statements++;
        groupCommits.adds += batch.length;
      } catch (err) {
        // The statement as a whole failed: nothing of it was written, as for a single add. A deadlock with another
        // statement is no answer to these adds: each is tried again alone.
        if ((err as { code?: string }).code === '40P01') {
          await Promise.all(batch.map((w) => addOne(knex, w.call).then(w.resolve, w.reject)));
        } else {
          for (const w of batch) w.reject(err);
        }
        continue;
      }
      await Promise.all(
        batch.map(async (w, i) => {
          const o = outcomes[i] as Outcome;
          if ('ok' in o) return w.resolve(o.ok);
          if (ANSWERS.has(o.error)) return w.reject(new StatementError(o.error, o.message));
          await addOne(knex, w.call).then(w.resolve, w.reject);
        }),
      );
    }
  } finally {
    queue.running--;
    if (queue.running === 0 && queue.waiting.length === 0) rows.delete(key);
  }
}

/** The key of the one stock row an add takes, when it takes exactly one and no seats (a seat is its own race);
 *  null otherwise: such an add runs alone. */
export function hotKeyOf(call: Pick<AddCartLineCall, 'units' | 'seatCodes'>): string | null {
  const [only, ...more] = call.units as { itemId: number; date: string; timeSlotId: number | null; pool?: number }[];
  if (!only || more.length > 0 || call.seatCodes.length > 0) return null;
  return `${only.itemId}:${only.date}:${only.timeSlotId ?? 0}:${only.pool ?? 0}`;
}

/**
 * Runs one add-to-cart statement and answers its result, or throws what the statement raised (`code` P0001 with
 * the refusal as message, 23503 for a removed slot). `hotKey` names the one stock row the add takes (`hotKeyOf`;
 * null: it runs alone): adds with the same key on the same database are committed together when they
 * queue up. Inside a transaction the add runs alone, in that transaction.
 */
export function addCartLineStatement(
  db: Knex | Knex.Transaction,
  call: AddCartLineCall,
  hotKey: string | null,
): Promise<AddCartLineResult> {
  if (hotKey === null || (db as Knex.Transaction).isTransaction) return addOne(db, call);
  const knex = db as Knex;
  let rows = queues.get(knex);
  if (!rows) {
    rows = new Map();
    queues.set(knex, rows);
  }
  const map = rows;
  let queue = map.get(hotKey);
  if (!queue) {
    queue = { waiting: [], running: 0 };
    map.set(hotKey, queue);
  }
  const q = queue;
  return new Promise<AddCartLineResult>((resolve, reject) => {
    q.waiting.push({ call, resolve, reject });
    if (q.running < IN_FLIGHT) {
      q.running++;
      drain(knex, hotKey, map, q).catch((err) => {
        // drain settles every add it takes; this only guards against a bug there leaving callers waiting.
        for (const w of q.waiting.splice(0)) w.reject(err);
      });
    }
  });
}
