import type { Knex } from 'knex';
import { NOTIFICATION_KINDS, type NotificationKind, OFF_BY_DEFAULT } from '../../../../common/notifications';

/** The spec's on/off flag and one switch per kind (a kind never set has its default). */
export async function notificationSettings(knex: Knex, userId: number) {
  const [user, prefs] = await Promise.all([
    knex('users').where({ id: userId }).first('notifications_enabled'),
    knex('notification_preferences').where({ user_id: userId }).select('kind', 'enabled'),
  ]);
  const set = new Map((prefs as { kind: string; enabled: boolean }[]).map((p) => [p.kind, p.enabled]));
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, set.get(k) ?? !OFF_BY_DEFAULT.includes(k)]),
  ) as Record<NotificationKind, boolean>;
  return { enabled: Boolean(user?.notificationsEnabled), kinds };
}

export async function setNotificationKinds(knex: Knex, userId: number, kinds: Record<string, boolean>): Promise<void> {
  const rows = Object.entries(kinds).map(([kind, enabled]) => ({ user_id: userId, kind, enabled }));
  await knex('notification_preferences').insert(rows).onConflict(['user_id', 'kind']).merge(['enabled']);
}
