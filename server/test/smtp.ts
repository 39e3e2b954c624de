import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  raw: string;
  subject: string;
  /** The decoded text body, for finding links. */
  text: string;
}

/** A real SMTP server on a local port that keeps what it receives. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const parsed = await simpleParser(raw);
        for (const rcpt of session.envelope.rcptTo) {
          mails.push({
            to: rcpt.address,
            raw: raw.toString('latin1'),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to an address, waiting a little for delivery. */
    async latest(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.filter((m) => m.to === to).at(-1);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to}`);
    },
    count: (to: string) => mails.filter((m) => m.to === to).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function linkFrom(mail: ReceivedMail, pattern: RegExp): string {
  const match = mail.text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${mail.text}`);
  return match[0];
}
