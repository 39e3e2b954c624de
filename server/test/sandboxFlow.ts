// Driving the payment sandboxes over real HTTP as a browser would: tokenise a card, press the button on a
// 3-D Secure challenge or PayPay / merpay approval page, report the return to our API.
import { expect } from 'vitest';
import { body, type commerce } from './commerceFixtures';

export function sandboxFlow(base: () => string, c: ReturnType<typeof commerce>) {
  async function http(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const target = url.startsWith('http') ? url : `${base()}${url}`;
    let res: Response;
    try {
      res = await fetch(target, { method, redirect: 'manual', ...init });
    } catch (err) {
      // fetch reuses an idle keep-alive socket that the server may be closing at that moment (its 5 s idle limit;
      // on a loaded machine the client's own 4 s timer runs late): the request never reached the server, so it is
      // sent once more on a new socket. Seen in a 10,000-run ledger bench at load 15.
      if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
      res = await fetch(target, { method, redirect: 'manual', ...init });
    }
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  }

  /** Answers the sandbox's challenge or approval page like a person pressing the button; answers the return URL. */
  async function press(url: string, decision: string): Promise<string> {
    const page = await http('GET', url);
    const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
    const res = await http('POST', new URL(action.replace(/&amp;/g, '&'), url).toString(), {
      body: `decision=${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    return res.location as string;
  }

  async function tokenize(cardno: string): Promise<string> {
    const res = await http('POST', '/sandbox/gmo/token', {
      body: JSON.stringify({ cardno, expire: '12/30', securitycode: '123', holdername: 'HANAKO YAMADA' }),
      headers: { 'content-type': 'application/json' },
    });
    return JSON.parse(res.text).tokenObject.token[0];
  }

  const returnOf = (location: string, token: string) => {
    const query = Object.fromEntries(new URL(location).searchParams);
    return c.call('POST', `/api/v1/payments/${query.payment_id}/return`, { token }, { query });
  };

  async function placed(who: { token?: string }, parkId: number, extra: object) {
    const res = await c.call('POST', '/api/v1/orders', who, { park_id: parkId, agreement: true, ...extra });
    expect(res.statusCode, res.payload).toBe(201);
    return body(res).data as { orderId: number; payment: { kind: string; url?: string; paymentId: string } };
  }

  return { http, press, tokenize, returnOf, placed };
}
