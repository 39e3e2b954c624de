import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/** DEMO=true without SMTP_URL only: the mails the app would have sent, readable by anyone at /dev/mail. */
export function devMailRoutes(dataDir: string): ServerRoute[] {
  const folder = join(dataDir, 'mail');
  const list = () => {
    try {
      return readdirSync(folder)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {
      return [];
    }
  };
  return [
    {
      method: 'GET',
      path: '/dev/mail',
      options: { auth: false },
      handler(_request, h) {
        const items = list()
          .map((f) => `<li><a href="/dev/mail/${encodeURIComponent(f)}">${escapeHtml(f)}</a></li>`)
          .join('');
        return h
          .response(
            `<!doctype html><meta charset="utf-8"><title>Sent mail</title><h1>Sent mail (development)</h1><ul>${items || '<li>none yet</li>'}</ul>`,
          )
          .type('text/html; charset=utf-8');
      },
    },
    {
      method: 'GET',
      path: '/dev/mail/{name}',
      options: {
        auth: false,
        validate: {
          params: Joi.object({
            name: Joi.string()
              .pattern(/^[\w@.-]+\.eml$/)
              .required(),
          }),
        },
      },
      handler(request, h) {
        const name = (request.params as { name: string }).name;
        if (!list().includes(name)) return h.response('not found').code(404);
        const raw = readFileSync(join(folder, name), 'utf8');
        // Quoted-printable bodies: undo soft breaks and =XX escapes so links are clickable.
        const decoded = Buffer.from(
          raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
        const linked = escapeHtml(decoded).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
        return h.response(`<!doctype html><meta charset="utf-8"><pre>${linked}</pre>`).type('text/html; charset=utf-8');
      },
    },
  ];
}
