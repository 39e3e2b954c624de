import type { Knex } from 'knex';
import type { InboxNotification } from '../../../../common/notifications';

/** The inbox, newest first, a page of it, with the total and the unread count. */
export async function listInbox(
  knex: Knex,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ items: InboxNotification[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    knex('notifications')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset((page - 1) * perPage)
      .limit(perPage)
      .select('id', 'kind', 'title', 'body', 'navigate', 'read_at', 'created_at'),
    knex('notifications')
      .where({ user_id: userId })
      .select(knex.raw('count(*)::int AS total'), knex.raw('count(*) FILTER (WHERE read_at IS NULL)::int AS unread'))
      .first(),
  ]);
  const items = (rows as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    navigate: r.navigate,
    read: r.readAt !== null,
    createdAt: new Date(r.createdAt as string).toISOString(),
  })) as InboxNotification[];
  return { items, total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
}

/** Marks some (or all) of the inbox read; answers the unread count left. */
export async function markRead(knex: Knex, userId: number, ids: number[] | 'all', now: Date): Promise<number> {
  await knex('notifications')
    .where({ user_id: userId })
    .whereNull('read_at')
    .modify((q) => {
      if (ids !== 'all') q.whereIn('id', ids);
    })
    .update({ read_at: now });
  const left = await knex('notifications').where({ user_id: userId }).whereNull('read_at').count({ n: '*' }).first();
  return Number(left?.n ?? 0);
}
