// How order e-mails write money, dates and times: in the reader's language, dates and times in Asia/Tokyo
// (whatever the server's zone), and the same content as plain text and as HTML.
import type { Locale } from '../../../common/enums';
import { BUSINESS_TIME_ZONE } from '../../../common/time';

export const yen = (n: number, locale: Locale) =>
  locale === 'en' ? `¥${n.toLocaleString('en')}` : `${n.toLocaleString('ja')}円`;

/** 2026年11月24日(火) 15:03 / Tue, Nov 24, 2026, 15:03 (Tokyo time). */
export function dateTime(at: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ja-JP', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

/** A business date (YYYY-MM-DD, already a Tokyo date): 2026年11月24日(火) / Tue 24 Nov 2026. */
export function businessDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ja-JP', {
    timeZone: 'UTC',
    year: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(`${date}T00:00:00Z`));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface MailBody {
  greeting: string;
  paragraphs: string[];
  /** Label and value rows (a table in HTML). */
  rows: [string, string][];
  link?: { label: string; url: string };
  footer: string;
}

export function render(body: MailBody): { text: string; html: string } {
  const width = Math.max(0, ...body.rows.map(([k]) => k.length));
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...body.rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`),
    '',
    ...(body.link ? [`${body.link.label}: ${body.link.url}`, ''] : []),
    body.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.6;color:#1f2a24">
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<table style="border-collapse:collapse">${body.rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:normal;color:#5b6b62">${escapeHtml(k)}</th><td style="padding:2px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
${body.link ? `<p><a href="${escapeHtml(body.link.url)}">${escapeHtml(body.link.label)}</a></p>` : ''}
<p style="color:#5b6b62;font-size:12px;white-space:pre-line">${escapeHtml(body.footer)}</p>
</body></html>`;
  return { text, html };
}

export const FOOTER = {
  ja: 'ZooPass（動物園・水族館のチケットといきものガイド）\nこのメールは送信専用です。',
  en: 'ZooPass (tickets and animal guide for zoos and aquariums)\nThis address does not receive replies.',
};
