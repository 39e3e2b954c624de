import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';

/** A mail the app wrote to DATA_DIR/mail, decoded (MIME bodies, encoded-word headers, charsets). */
export interface DevMail {
  name: string;
  subject: string;
  from: string;
  to: string;
  date: Date | null;
  text: string;
  html: string | null;
}

/** The list page parses at most this many of the newest mails. */
const LIST_LIMIT = 200;

/** `Name <address>` per address (mailparser's `text` quotes every display name). */
const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value)
    .map((v) => (v.name ? `${v.name} <${v.address ?? ''}>` : (v.address ?? '')))
    .join(', ');

/** The .eml files of the folder, newest first (their names start with the time they were written). */
async function names(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

async function parse(folder: string, name: string): Promise<DevMail> {
  // Loaded on first use: only the demo's viewer needs it, and a production start need not pay for it.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(await readFile(join(folder, name)));
  return {
    name,
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    date: mail.date ?? null,
    text: mail.text ?? '',
    html: mail.html || null,
  };
}

/** The mails of DATA_DIR/mail (the demo without SMTP_URL): list and read one by its file name. */
export function devMailbox(dataDir: string) {
  const folder = join(dataDir, 'mail');
  return {
    async list(): Promise<DevMail[]> {
      return Promise.all((await names(folder)).slice(0, LIST_LIMIT).map((name) => parse(folder, name)));
    },
    /** null when no such mail (only names the folder lists are read: no path from the URL reaches the disk). */
    async read(name: string): Promise<DevMail | null> {
      return (await names(folder)).includes(name) ? parse(folder, name) : null;
    },
  };
}
