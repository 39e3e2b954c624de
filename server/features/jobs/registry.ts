// Which job queue belongs to a database handle, so code deep in a use case (a share received, a hold about to end)
// can queue follow-up work in the transaction it already has, without every caller passing the queue down. A knex
// transaction shares its root's client config object, which is the key.
import type { Knex } from 'knex';
import type { JobQueue } from './queue';

const queues = new WeakMap<object, JobQueue>();

export function registerJobQueue(knex: Knex, queue: JobQueue): void {
  queues.set(knex.client.config, queue);
}

export function jobQueueOf(db: Knex | Knex.Transaction): JobQueue {
  const queue = queues.get(db.client.config);
  if (!queue) throw new Error('no job queue for this database handle');
  return queue;
}
