// Every notification is stored in the user's inbox first, then pushed: in the same transaction as the change that
// causes it, the inbox row and one durable delivery job per device (pushDelivery). Push goes out only when the user
// has notifications on and this kind on; the inbox keeps everything.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { type NotificationKind, OFF_BY_DEFAULT } from '../../../../common/notifications';
import { jobQueueOf } from '../../jobs';
import { KINDS } from '../kinds';

export const PUSH_DELIVERY_JOB = 'pushDelivery';

export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  params: Record<string, string | number | { ja: string; en: string }>;
  /** The app path a tap opens. */
  navigate: string;
  /** What the message is about (order id, share id...): with the kind, its Topic. */
  about: string;
}

/** A Topic header: at most 32 URL-safe base64 characters, the same for the same kind and object. */
export const topicOf = (kind: string, about: string) =>
  createHash('sha256').update(`${kind}:${about}`).digest('base64url').slice(0, 32);

function paramsIn(locale: 'ja' | 'en', params: NotifyInput['params']): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? (locale === 'en' ? v.en : v.ja) : v]),
  );
}

export async function notify(trx: Knex.Transaction, input: NotifyInput): Promise<number | null> {
  const user = (await trx('users')
    .where({ id: input.userId })
    .whereNull('deleted_at')
    .first('language', 'notifications_enabled')) as { language: number; notificationsEnabled: boolean } | undefined;
  if (!user) return null;
  const locale = user.language === 1 ? 'en' : 'ja';
  const { title, body } = KINDS[input.kind].text(locale, paramsIn(locale, input.params));
  const [row] = (await trx('notifications')
    .insert({
      user_id: input.userId,
      kind: input.kind,
      title,
      body,
      navigate: input.navigate,
      topic: topicOf(input.kind, input.about),
      data: JSON.stringify({ about: input.about, lang: locale }),
    })
    .returning('id')) as { id: number }[];
  const id = Number(row?.id);
  const pref = await trx('notification_preferences')
    .where({ user_id: input.userId, kind: input.kind })
    .first('enabled');
  const on = pref ? pref.enabled : !OFF_BY_DEFAULT.includes(input.kind);
  if (!user.notificationsEnabled || !on) return id;
  const devices = (await trx('push_subscriptions').where({ user_id: input.userId }).pluck('id')) as number[];
  for (const subscriptionId of devices) {
    await jobQueueOf(trx).send(trx, PUSH_DELIVERY_JOB, { notificationId: id, subscriptionId: Number(subscriptionId) });
  }
  return id;
}

/** An item's (or pack's) name in both languages, for a notification's text. */
export async function itemName(trx: Knex.Transaction, itemId: number): Promise<{ ja: string; en: string }> {
  const row = await trx('items').where({ id: itemId }).first('name_ja', 'name_en');
  return { ja: row?.nameJa ?? '', en: row?.nameEn ?? row?.nameJa ?? '' };
}
