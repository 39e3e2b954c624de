// The mail viewer's pages: server-rendered, no script. The mail's own HTML is shown only inside a sandboxed srcdoc
// frame (no scripts, an opaque origin, and our Content-Security-Policy inherited), never as markup of our page.
import type { Locale } from '../../../common/enums';
import type { DevMail } from './devMailbox';

const WORDS = {
  title: { ja: '送信メール（開発用）', en: 'Sent mail (development)' },
  note: {
    ja: 'DEMO=true のため、メールは送信されずここに保存されています。',
    en: 'DEMO=true: mails are not sent but kept here.',
  },
  none: { ja: 'まだありません', en: 'None yet' },
  back: { ja: '一覧に戻る', en: 'Back to the list' },
  from: { ja: '差出人', en: 'From' },
  to: { ja: '宛先', en: 'To' },
  date: { ja: '日時', en: 'Date' },
  noSubject: { ja: '（件名なし）', en: '(no subject)' },
  html: { ja: 'HTML 本文', en: 'HTML part' },
  text: { ja: 'テキスト本文', en: 'Text part' },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/** Tokyo time, as the mails' readers live there. */
const tokyo = (d: Date | null) =>
  d ? `${d.toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo', hour12: false }).slice(0, 16)} JST` : '';

/** Escaped text with its http(s) links made clickable (ASCII URL characters only: Japanese text may follow a link). */
const linked = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[\w\-.~:/?#[\]@!$&'()*+,;=%]+/g, (url) => `<a href="${url}">${url}</a>`);

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 0 auto; padding: 1rem; color: #222; line-height: 1.5; }
  .note { background: #fff3cd; border: 1px solid #e0c36a; padding: .5rem .75rem; border-radius: .4rem; font-size: .85rem; }
  h1 { font-size: 1.25rem; overflow-wrap: anywhere; }
  ul { list-style: none; padding: 0; }
  li a { display: block; padding: .6rem .2rem; border-bottom: 1px solid #ddd; color: inherit; text-decoration: none; }
  li a:hover, li a:focus { background: #f3f7f3; }
  li strong { display: block; color: #1a5fb4; overflow-wrap: anywhere; }
  li span { display: block; font-size: .85rem; color: #555; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; font-size: .9rem; }
  dt { color: #666; }
  dd { margin: 0; overflow-wrap: anywhere; }
  h2 { font-size: 1rem; margin-top: 1.5rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: .75rem; border-radius: .4rem; font: inherit; }
  iframe { width: 100%; height: 24rem; border: 1px solid #ccc; border-radius: .4rem; background: #fff; }
</style>
</head>
<body>
<p class="note">${escapeHtml(WORDS.note[locale])}</p>
${body}
</body>
</html>`;
}

export function mailListPage(locale: Locale, mails: DevMail[]): string {
  const items = mails
    .map(
      (m) =>
        `<li><a href="/dev/mail/${encodeURIComponent(m.name)}"><strong>${escapeHtml(m.subject || WORDS.noSubject[locale])}</strong>` +
        `<span>${escapeHtml(m.to)}</span><span>${escapeHtml(tokyo(m.date))}</span></a></li>`,
    )
    .join('');
  return page(
    locale,
    WORDS.title[locale],
    `<h1>${escapeHtml(WORDS.title[locale])}</h1><ul>${items || `<li>${escapeHtml(WORDS.none[locale])}</li>`}</ul>`,
  );
}

export function mailPage(locale: Locale, mail: DevMail): string {
  const subject = mail.subject || WORDS.noSubject[locale];
  const rows: [string, string][] = [
    [WORDS.from[locale], mail.from],
    [WORDS.to[locale], mail.to],
    [WORDS.date[locale], tokyo(mail.date)],
  ];
  // Links in the HTML part open in our page (the frame's sandbox allows that on a click only).
  const html = mail.html
    ? `<h2>${escapeHtml(WORDS.html[locale])}</h2><iframe title="${escapeHtml(WORDS.html[locale])}" sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(`<!doctype html><meta charset="utf-8"><base target="_top">${mail.html}`)}"></iframe>`
    : '';
  const text = mail.text ? `<h2>${escapeHtml(WORDS.text[locale])}</h2><pre>${linked(mail.text)}</pre>` : '';
  return page(
    locale,
    subject,
    `<p><a href="/dev/mail">${escapeHtml(WORDS.back[locale])}</a></p><h1>${escapeHtml(subject)}</h1>` +
      `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>${html}${text}`,
  );
}
