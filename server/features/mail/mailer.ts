import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections (server stop). */
  close?(): void;
}

/**
 * nodemailer over SMTP when SMTP_URL is set. Without it each mail is written as an .eml file into
 * `<DATA_DIR>/mail` (not sent), listed at /dev/mail with DEMO=true only.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  let transport: Transporter;
  let folder: string | null = null;
  if (options.smtpUrl) {
    // Pooled: a connection (greeting, EHLO, maybe TLS and AUTH) per mail cost each receipt and lottery mail
    // more than building it; a burst of mails after a draw now shares a few connections.
    transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 3 });
  } else {
    folder = join(options.dataDir, 'mail');
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (folder) {
        mkdirSync(folder, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
        writeFileSync(join(folder, name), (info as unknown as { message: Buffer }).message);
      }
    },
    close() {
      transport.close();
    },
  };
}
