// Card data goes to the payment provider's tokeniser only; our API gets a one-time token. In development and tests
// the tokeniser is the local sandbox (`card.tokenUrl` of GET /api/v1/payments/config); with real GMO credentials
// it is GMO's token script (Multipayment.getToken) with the configured shop id.

import type { MessageKey } from '../../../../common/messages';
import type { CardErrors, CardInput } from '../../../../common/rules/card';
import { expiryToYymm } from '../../../../common/rules/card';
import type { PaymentsConfig } from './checkoutApi';

export type TokenResult = { ok: true; token: string } | { ok: false; errors?: CardErrors; key?: MessageKey };

interface GmoTokenAnswer {
  resultCode?: string;
  tokenObject?: { token?: string | string[] };
  errors?: Record<string, { code?: string }>;
}

const FIELD_OF: Record<string, keyof CardInput> = {
  number: 'number',
  holderName: 'holderName',
  expiry: 'expiry',
  cvc: 'cvc',
};

function firstToken(answer: GmoTokenAnswer): string | null {
  const t = answer.tokenObject?.token;
  const token = Array.isArray(t) ? t[0] : t;
  return typeof token === 'string' && token ? token : null;
}

/** GMO's production token script. */
const GMO_TOKEN_SCRIPT = 'https://static.mul-pay.jp/ext/js/token.js';

interface Multipayment {
  init(shopId: string): void;
  getToken(
    data: { cardno: string; expire: string; securitycode: string; holdername: string; tokennumber: string },
    callback: (answer: GmoTokenAnswer) => void,
  ): void;
}

function loadGmoScript(): Promise<Multipayment> {
  const w = window as unknown as { Multipayment?: Multipayment };
  if (w.Multipayment) return Promise.resolve(w.Multipayment);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GMO_TOKEN_SCRIPT;
    script.async = true;
    script.onload = () => (w.Multipayment ? resolve(w.Multipayment) : reject(new Error('no Multipayment')));
    script.onerror = () => reject(new Error('token script failed'));
    document.head.append(script);
  });
}

export async function tokenizeCard(config: PaymentsConfig['card'], card: CardInput): Promise<TokenResult> {
  if (!config.available) return { ok: false, key: 'paymentUnavailable' };
  try {
    if (config.tokenUrl) {
      const res = await fetch(config.tokenUrl, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          cardno: card.number,
          expire: card.expiry,
          securitycode: card.cvc,
          holdername: card.holderName.trim(),
          tokennumber: 1,
        }),
      });
      const answer = (await res.json().catch(() => ({}))) as GmoTokenAnswer;
      const token = firstToken(answer);
      if (res.ok && answer.resultCode === '000' && token) return { ok: true, token };
      const errors: CardErrors = {};
      for (const [field, e] of Object.entries(answer.errors ?? {})) {
        const name = FIELD_OF[field];
        if (name && e?.code) errors[name] = e.code as MessageKey;
      }
      return Object.keys(errors).length ? { ok: false, errors } : { ok: false, key: 'cardNumberInvalid' };
    }
    if (!config.shopId) return { ok: false, key: 'paymentUnavailable' };
    const mp = await loadGmoScript();
    mp.init(config.shopId);
    const answer = await new Promise<GmoTokenAnswer>((resolve) =>
      mp.getToken(
        {
          cardno: card.number,
          expire: expiryToYymm(card.expiry),
          securitycode: card.cvc,
          holdername: card.holderName.trim(),
          tokennumber: '1',
        },
        resolve,
      ),
    );
    const token = firstToken(answer);
    return answer.resultCode === '000' && token ? { ok: true, token } : { ok: false, key: 'cardNumberInvalid' };
  } catch {
    return { ok: false, key: 'paymentUnavailable' };
  }
}
