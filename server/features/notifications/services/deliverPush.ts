// The job pushDelivery: one notification to one device. The payload is Declarative Web Push JSON
// (`web_push: 8030`: shown even where our service worker does not run), at most 3 KB, encrypted (aes128gcm) for the
// subscription and signed with our VAPID key (web-push), with TTL, Urgency and Topic. Answers:
//   2xx sent; 404/410 the subscription is gone (deleted); 429 and 5xx retried (Retry-After honoured by sending the
//   job again for then, otherwise pg-boss's backoff); 403 is our VAPID configuration (logged, not retried).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { ServerApplicationState } from '@hapi/hapi';
import webpush from 'web-push';
import { KINDS } from '../kinds';
import { vapidKeys } from '../vapid';
import { PUSH_DELIVERY_JOB } from './notify';

export const MAX_PAYLOAD_BYTES = 3 * 1024;

interface Delivery {
  notificationId: number;
  subscriptionId: number;
}

/** Thrown for a push service that asks to try later without saying when: pg-boss retries with backoff. */
export class PushRetry extends Error {}

function post(url: string, headers: Record<string, string | number>, body: Buffer, ca: string | undefined) {
  return new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      { method: 'POST', headers, timeout: 15_000, ...(ca && u.protocol === 'https:' ? { ca } : {}) },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** The declarative payload, its body shortened until the whole fits in 3 KB. */
export function declarativePayload(n: { title: string; body: string; navigate: string; topic: string }, lang: string) {
  let body = n.body;
  for (;;) {
    const json = JSON.stringify({
      web_push: 8030,
      notification: { title: n.title, body, navigate: n.navigate, lang, tag: n.topic, icon: '/icons/icon-192.png' },
    });
    if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES || body.length === 0) return json;
    body = `${[...body].slice(0, Math.max(0, [...body].length - 50)).join('')}…`;
  }
}

let caCache: { file: string; pem: string } | null = null;

export async function deliverPush(app: ServerApplicationState, data: Delivery, now: Date): Promise<string> {
  const { knex, config } = app;
  const n = await knex('notifications').where({ id: data.notificationId }).first();
  const sub = await knex('push_subscriptions').where({ id: data.subscriptionId }).first();
  if (!n || !sub || sub.userId !== n.userId) return 'nothing to send';
  const keys = await vapidKeys(knex, config);
  // The text is in the account's language (fixed when the notification was made).
  const lang = (typeof n.data === 'string' ? JSON.parse(n.data) : n.data)?.lang ?? 'ja';
  const payload = declarativePayload({ ...n, navigate: new URL(n.navigate, config.publicUrl).toString() }, lang);
  const spec = KINDS[n.kind as keyof typeof KINDS];
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: spec?.ttlSeconds ?? 86_400,
      urgency: spec?.urgency ?? 'normal',
      topic: n.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  if (config.push.caFile && caCache?.file !== config.push.caFile) {
    caCache = { file: config.push.caFile, pem: readFileSync(config.push.caFile, 'utf8') };
  }
  const res = await post(
    details.endpoint,
    details.headers as Record<string, string | number>,
    details.body as Buffer,
    caCache?.pem,
  );
  if (res.status >= 200 && res.status < 300) {
    await knex('push_subscriptions').where({ id: sub.id }).update({ last_sent_at: now });
    return 'sent';
  }
  if (res.status === 404 || res.status === 410) {
    await knex('push_subscriptions').where({ id: sub.id }).delete();
    return 'subscription gone';
  }
  if (res.status === 429 || res.status >= 500) {
    const seconds = Number(res.retryAfter);
    const at = Number.isFinite(seconds) ? new Date(now.getTime() + seconds * 1000) : Date.parse(res.retryAfter ?? '');
    if (res.retryAfter && !Number.isNaN(new Date(at).getTime())) {
      await app.jobs.send(knex, PUSH_DELIVERY_JOB, data, { startAfter: new Date(at) });
      return `retry at ${new Date(at).toISOString()}`;
    }
    throw new PushRetry(`push service answered ${res.status}`);
  }
  if (res.status === 403) {
    // The push service refuses our VAPID signature: configuration, not this message. Retrying will not help.
    return 'refused: 403 (check the VAPID keys and subject)';
  }
  return `refused: ${res.status}`;
}
