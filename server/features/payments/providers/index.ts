// The adapter for a method or provider name, built from configuration (one set per Config object).
import { PaymentMethod } from '../../../../common/enums';
import type { Config } from '../../../config';
import { DomainError } from '../../../lib/errors';
import type { CardVault, PaymentProvider, ProviderName } from '../provider';
import { GmoCardProvider } from './gmoCard';
import { GmoKonbiniProvider } from './gmoKonbini';
import { InternalProvider } from './internal';
import { MerpayProvider } from './merpay';
import { PayPayProvider } from './payPay';

/** Spec method codes: 1 card (visa), 2 m-pay (merpay), 3 paypay, 4 full coin / free; ours: 5 konbini. */
export const METHOD_PROVIDER: Record<PaymentMethod, ProviderName> = {
  [PaymentMethod.Visa]: 'gmo',
  [PaymentMethod.MPay]: 'merpay',
  [PaymentMethod.PayPay]: 'paypay',
  [PaymentMethod.FullCoin]: 'internal',
  [PaymentMethod.Konbini]: 'konbini',
};

interface Registry {
  gmo?: GmoCardProvider;
  paypay?: PayPayProvider;
  merpay?: MerpayProvider;
  /** Konbini payments go through the card provider's shop (GMO CVS payment). */
  konbini?: GmoKonbiniProvider;
  internal: InternalProvider;
}

const registries = new WeakMap<Config, Registry>();

function registry(config: Config): Registry {
  let r = registries.get(config);
  if (!r) {
    const { gmo, paypay, merpay } = config.payments;
    r = {
      gmo: gmo ? new GmoCardProvider(gmo) : undefined,
      paypay: paypay ? new PayPayProvider(paypay) : undefined,
      merpay: merpay ? new MerpayProvider(merpay) : undefined,
      konbini: gmo ? new GmoKonbiniProvider(gmo) : undefined,
      internal: new InternalProvider(),
    };
    registries.set(config, r);
  }
  return r;
}

/** The adapter, or a 503 "payment method not available" when the provider is not configured. */
export function providerFor(config: Config, name: ProviderName): PaymentProvider {
  const provider = registry(config)[name];
  if (!provider) throw new DomainError('paymentUnavailable');
  return provider;
}

export function isProviderConfigured(config: Config, name: ProviderName): boolean {
  return registry(config)[name] !== undefined;
}

/** Registered cards live at the card provider (GMO members). */
export function cardVault(config: Config): CardVault {
  const gmo = registry(config).gmo;
  if (!gmo) throw new DomainError('paymentUnavailable');
  return gmo;
}
