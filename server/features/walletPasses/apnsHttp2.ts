// Apple's push service as the production adapter speaks it for Wallet passes: HTTP/2 over TLS to
// api.push.apple.com, authenticated by the pass type ID certificate (the one that signs the passes; Wallet pushes
// take no token auth), POST /3/device/{pushToken} with the pass type id as apns-topic and an empty JSON body. 410
// (or 400 BadDeviceToken) says the device no longer has the pass: its registration goes; other refusals throw, so
// the sweep tries again at its next run. One connection is kept and opened again when it closes.
import { type ClientHttp2Session, connect } from 'node:http2';
import type { ApnsAdapter, PushResult } from './adapters';
import type { AppleSigner } from './certificates';

export const APNS_ORIGIN = 'https://api.push.apple.com';

export class ApnsHttp2 implements ApnsAdapter {
  private session: ClientHttp2Session | null = null;

  constructor(
    private readonly signer: AppleSigner,
    private readonly origin = APNS_ORIGIN,
    /** Extra trust for the server's certificate (the local stand-in's; Apple's is publicly trusted). */
    private readonly ca?: string,
  ) {}

  private open(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = connect(this.origin, {
      cert: `${this.signer.signerCert}\n${this.signer.wwdr}`,
      key: this.signer.signerKey,
      ...(this.ca ? { ca: this.ca } : {}),
    });
    session.on('error', () => session.destroy());
    session.on('close', () => {
      if (this.session === session) this.session = null;
    });
    session.unref();
    this.session = session;
    return session;
  }

  push(pushToken: string, topic: string): Promise<PushResult> {
    return new Promise((resolve, reject) => {
      const req = this.open().request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(pushToken)}`,
        'apns-topic': topic,
        'content-type': 'application/json',
      });
      let status = 0;
      let body = '';
      req.setEncoding('utf8');
      req.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        if (status === 200) resolve('sent');
        else if (status === 410 || (status === 400 && body.includes('BadDeviceToken'))) resolve('unregistered');
        else reject(new Error(`APNs answered ${status} ${body}`));
      });
      req.on('error', reject);
      req.end('{}');
    });
  }

  close(): void {
    this.session?.close();
  }
}
