// Browser-test harness: a real SMTP sink (its mails readable over HTTP for the tests), then the app itself.
//   SMTP on E2E_SMTP_PORT (4025), mails at http://127.0.0.1:E2E_MAIL_PORT/mails?to=<address> (4026).
//   POST http://127.0.0.1:E2E_MAIL_PORT/jobs?at=<ISO time> runs the background jobs as if it were that time (hold
//   expiry, abandoned payments, ...), so a test can see what happens after a deadline without waiting for it;
//   `&only=<sweep>,<sweep>` runs only those sweeps (then the queued jobs), for a time days ahead.
import { createServer } from 'node:http';
import type { Server } from '@hapi/hapi';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4025);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 4026);
const mails: { to: string; subject: string; text: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', async () => {
      const parsed = await simpleParser(Buffer.concat(chunks));
      for (const rcpt of session.envelope.rcptTo) {
        mails.push({ to: rcpt.address, subject: parsed.subject ?? '', text: parsed.text ?? '' });
      }
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

let app: Server | null = null;

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  res.setHeader('content-type', 'application/json');
  if (req.method === 'POST' && url.pathname === '/jobs') {
    const at = new Date(url.searchParams.get('at') ?? Date.now());
    if (!app || Number.isNaN(at.getTime())) {
      res.statusCode = 400;
      res.end('{}');
      return;
    }
    const only = url.searchParams.get('only');
    app.plugins.jobs.runOnce(at, only ? only.split(',') : undefined).then(
      (result) => res.end(JSON.stringify(result)),
      (err: Error) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: err.message }));
      },
    );
    return;
  }
  const to = url.searchParams.get('to');
  res.end(JSON.stringify(to ? mails.filter((m) => m.to === to) : mails));
}).listen(mailPort, '127.0.0.1');

process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
// Every browser test registers its own accounts from one address: the per-address limits would stop the run.
process.env.RATE_LIMIT_FACTOR ??= '20';
const { main } = await import('../../server/index');
app = await main();
