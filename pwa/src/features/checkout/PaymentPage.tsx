import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CouponView } from '../../../../common/dto/order';
import { enumValues, KonbiniStore, PaymentMethod } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { useAppSelector } from '../../app/store';
import { errorText } from '../../lib/apiErrors';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatNumber, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import {
  useCheckLotteryEntryMutation,
  useCurrentCoinsQuery,
  useGetParkCartQuery,
  useMyCouponsQuery,
  usePaymentsConfigQuery,
} from './checkoutApi';
import { Alert, LineSummary, PayStep, TotalsTable } from './components';
import { LotteryChoices } from './LotteryChoices';
import { PaymentProfileForm, profileComplete } from './ProfileForm';
import {
  CHECKOUT_KEYS,
  type CheckoutDraft,
  checkoutLines,
  computeTotals,
  offeredCoupons,
  offeredMethods,
  parseCoins,
  parseParkId,
  parseQuick,
  readDraft,
  writeDraft,
} from './rules';
import { useSubmitOrder } from './useSubmitOrder';

function couponDiscountText(c: CouponView, t: (k: string, o?: Record<string, unknown>) => string, locale: 'ja' | 'en') {
  return c.discountKind === 'percent'
    ? t('checkout.coupons.percentOff', { value: c.discountValue })
    : t('checkout.coupons.yenOff', { value: formatYen(c.discountValue, locale) });
}

const METHOD_KEYS: Record<PaymentMethod, string> = {
  [PaymentMethod.Visa]: 'card',
  [PaymentMethod.MPay]: 'merpay',
  [PaymentMethod.PayPay]: 'paypay',
  [PaymentMethod.FullCoin]: 'coin',
  [PaymentMethod.Konbini]: 'konbini',
};
const STORES = enumValues(KonbiniStore);

function readTerms(): 'accept' | 'decline' | null {
  const v = sessionStorage.getItem(CHECKOUT_KEYS.termsAnswer);
  return v === 'accept' || v === 'decline' ? v : null;
}

function PaymentContent({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const [query] = useSearchParams();
  const quick = parseQuick(query.get('quick'));
  const profile = useAppSelector((s) => s.session.user);
  const cart = useGetParkCartQuery(parkId, { refetchOnMountOrArgChange: true });
  const coupons = useMyCouponsQuery();
  const coins = useCurrentCoinsQuery(undefined, { refetchOnMountOrArgChange: true });
  const config = usePaymentsConfigQuery();
  const { submit, busy, error } = useSubmitOrder(parkId, quick);
  const [checkEntry, entryCheck] = useCheckLotteryEntryMutation();
  const [entryRefusal, setEntryRefusal] = useState<string | null>(null);

  const saved = useMemo(() => readDraft(parkId), [parkId]);
  const [couponIds, setCouponIds] = useState<number[]>(saved?.couponIds ?? []);
  const [coinsText, setCoinsText] = useState(saved && saved.coins > 0 ? String(saved.coins) : '');
  const [terms, setTerms] = useState<'accept' | 'decline' | null>(readTerms);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [store, setStore] = useState<KonbiniStore | null>(null);
  const [tried, setTried] = useState(false);

  const lines = checkoutLines(cart.data?.data, quick);
  const offered = offeredCoupons(coupons.data?.data ?? [], parkId);
  const chosen = offered.filter((c) => couponIds.includes(c.userCouponId));
  const owned = coins.data?.data.balance ?? 0;
  const coinsUsed = parseCoins(coinsText);
  const totals = computeTotals({ lines, coupons: chosen, coins: coinsUsed, ownedCoins: owned, parkId });
  const lottery = lines.some((l) => l.lottery);
  const cfg = config.data?.data;
  const methods = offeredMethods({
    total: totals.total,
    lottery,
    available: {
      card: !!cfg?.card.available,
      paypay: !!cfg?.paypay.available,
      merpay: !!cfg?.merpay.available,
      konbini: !!cfg?.konbini?.available,
    },
  });
  const chosenMethod = method !== null && methods.includes(method) ? method : (methods[0] ?? null);
  const needsProfile = totals.total > 0 && !profileComplete(profile);
  const [entry, setEntry] = useState<Pick<CheckoutDraft, 'lotteryChoices' | 'lotteryWaitlist'>>({
    lotteryChoices: saved?.lotteryChoices ?? [],
    lotteryWaitlist: saved?.lotteryWaitlist ?? false,
  });
  const draft: CheckoutDraft = {
    couponIds: chosen.map((c) => c.userCouponId),
    coins: Number.isNaN(coinsUsed) ? 0 : coinsUsed,
    agreement: terms === 'accept',
    ...(lottery ? entry : {}),
  };

  // Coupons, coins and the terms answer survive a reload and reach the credit-card step.
  useEffect(() => {
    writeDraft(parkId, draft);
    if (terms) sessionStorage.setItem(CHECKOUT_KEYS.termsAnswer, terms);
  });

  const problems: string[] = [];
  if (totals.refusal) problems.push(message(totals.refusal.error, locale, totals.refusal.params));
  if (terms !== 'accept') problems.push(message('agreementRequired', locale));
  if (needsProfile) problems.push(message('profileRequiredForPayment', locale));
  if (chosenMethod === null) problems.push(message('paymentUnavailable', locale));
  if (chosenMethod === PaymentMethod.Konbini && store === null) problems.push(t('konbini.storeRequired'));

  const pay = async () => {
    setTried(true);
    setEntryRefusal(null);
    if (problems.length > 0 || chosenMethod === null) return;
    if (chosenMethod === PaymentMethod.Visa) {
      // A lottery entry is checked against its round first: a refusal is said here, before the card is typed.
      if (lottery) {
        try {
          await checkEntry({
            park_id: parkId,
            ...(quick ? { line_ids: [quick] } : {}),
            lottery_choices: draft.lotteryChoices ?? [],
          }).unwrap();
        } catch (err) {
          setEntryRefusal(errorText(err, locale));
          return;
        }
      }
      navigate(`/cart/${parkId}/payment/credit-card${quick ? `?quick=${quick}` : ''}`);
      return;
    }
    void submit(draft, chosenMethod, undefined, store ?? undefined);
  };

  const loading = cart.isLoading || coupons.isLoading || coins.isLoading || config.isLoading;
  return (
    <QueryState isLoading={loading} error={cart.error ?? coupons.error ?? coins.error}>
      {() =>
        lines.length === 0 ? (
          <section className="empty-state" data-testid="cart-empty">
            <p>{message('cartEmpty', locale)}</p>
            <Link className="button" to="/cart">
              {t('checkout.common.backToCart')}
            </Link>
          </section>
        ) : (
          <div className="stack">
            <section className="panel" aria-labelledby={`${id}-lines`}>
              <h2 id={`${id}-lines`}>{cart.data?.data.park.name}</h2>
              <ul className="cart-lines">
                {lines.map((line) => (
                  <li key={line.id} className="cart-line" data-testid="confirm-line">
                    <LineSummary line={line} />
                    <p className="cart-line__subtotal">
                      <span className="muted">{t('checkout.cart.lineSubtotal')}</span>{' '}
                      <strong>{formatYen(line.subtotal, locale)}</strong>
                    </p>
                  </li>
                ))}
              </ul>
              <p className="checkout-back">
                <Link to={`/cart/${parkId}/add-info${quick ? `?quick=${quick}` : ''}`}>
                  {t('checkout.payment.editInfo')}
                </Link>
              </p>
            </section>

            <section className="panel stack" aria-labelledby={`${id}-coupons`} data-testid="coupon-picker">
              <h2 id={`${id}-coupons`}>{t('checkout.payment.coupons')}</h2>
              {offered.length === 0 ? (
                <p className="muted">{t('checkout.coupons.noneUsable')}</p>
              ) : (
                <fieldset className="coupon-choices" aria-labelledby={`${id}-coupons`}>
                  {offered.map((c) => (
                    <label key={c.userCouponId} className="coupon-choice">
                      <input
                        type="checkbox"
                        checked={couponIds.includes(c.userCouponId)}
                        onChange={(e) =>
                          setCouponIds((prev) =>
                            e.target.checked ? [...prev, c.userCouponId] : prev.filter((x) => x !== c.userCouponId),
                          )
                        }
                      />
                      <span className="coupon-choice__text">
                        <strong>{c.name}</strong>
                        <span className="muted">
                          {couponDiscountText(c, t, locale)}・{t(`checkout.coupons.scope.${c.scope}`)}・
                          {t('checkout.coupons.until', { date: formatDate(c.validUntil.slice(0, 10), locale) })}
                        </span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              <p className="muted">{message('couponsNotCombinable', locale)}</p>
            </section>

            <section className="panel stack" aria-labelledby={`${id}-coins`}>
              <h2 id={`${id}-coins`}>{t('checkout.payment.coins')}</h2>
              <div className="field">
                <label htmlFor={`${id}-coins-input`}>{t('checkout.payment.coinsLabel')}</label>
                <div className="coins-input">
                  <input
                    id={`${id}-coins-input`}
                    type="text"
                    inputMode="numeric"
                    value={coinsText}
                    onChange={(e) => setCoinsText(e.target.value)}
                    aria-describedby={`${id}-coins-hint`}
                    data-testid="coins-input"
                  />
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() =>
                      setCoinsText(String(Math.min(owned, Math.max(0, totals.subtotal - totals.couponDiscount))))
                    }
                  >
                    {t('checkout.payment.useAllCoins')}
                  </button>
                </div>
                <p id={`${id}-coins-hint`} className="field-hint" data-testid="coins-owned">
                  {t('checkout.payment.coinsOwned', { count: owned, formatted: formatNumber(owned, locale) })}
                </p>
              </div>
            </section>

            <section className="panel" aria-labelledby={`${id}-totals`}>
              <h2 id={`${id}-totals`}>{t('checkout.payment.totals')}</h2>
              <TotalsTable totals={totals} testId="payment-totals" />
              {totals.refusal && (
                <p className="field-error" data-testid="totals-refusal">
                  {message(totals.refusal.error, locale, totals.refusal.params)}
                </p>
              )}
            </section>

            {needsProfile && profile && <PaymentProfileForm profile={profile} />}

            <section className="panel stack" aria-labelledby={`${id}-method`}>
              <h2 id={`${id}-method`}>{t('checkout.payment.method')}</h2>
              <fieldset className="method-choices" aria-labelledby={`${id}-method`} data-testid="method-choices">
                {methods.map((m) => (
                  <label key={m} className="method-choice">
                    <input
                      type="radio"
                      name="payment-method"
                      value={m}
                      checked={chosenMethod === m}
                      onChange={() => setMethod(m)}
                    />
                    <span>{t(`checkout.method.${METHOD_KEYS[m]}`)}</span>
                  </label>
                ))}
              </fieldset>
              {lottery && <p className="muted">{message('paymentModeUnsupported', locale)}</p>}
              {chosenMethod === PaymentMethod.Konbini && (
                <>
                  <p className="muted">{t('konbini.methodNote')}</p>
                  <fieldset className="field chips" aria-labelledby={`${id}-store`} data-testid="konbini-stores">
                    <legend id={`${id}-store`}>{t('konbini.chooseStore')}</legend>
                    {STORES.map((code) => (
                      <label key={code} className="chip">
                        <input
                          type="radio"
                          name="konbini-store"
                          value={code}
                          checked={store === code}
                          onChange={() => setStore(code)}
                        />
                        <span className="chip-text--tall">{t(`konbini.stores.${code}`)}</span>
                      </label>
                    ))}
                  </fieldset>
                </>
              )}
            </section>

            {lottery && lines.length === 1 && lines[0] && (
              <LotteryChoices line={lines[0]} draft={entry} onChange={setEntry} />
            )}

            <section className="panel stack" aria-labelledby={`${id}-terms`}>
              <h2 id={`${id}-terms`}>{t('checkout.payment.terms')}</h2>
              <p className="muted">
                {t('checkout.payment.termsLead')}{' '}
                <a href="/page/terms" target="_blank" rel="noreferrer">
                  {t('checkout.payment.termsLink')}
                </a>
              </p>
              <fieldset className="field chips" aria-labelledby={`${id}-terms`} data-testid="terms-choice">
                {(['accept', 'decline'] as const).map((v) => (
                  <label key={v} className="chip">
                    <input type="radio" name="terms" value={v} checked={terms === v} onChange={() => setTerms(v)} />
                    <span className="chip-text--tall">{t(`checkout.payment.${v}`)}</span>
                  </label>
                ))}
              </fieldset>
              {terms === 'decline' && <p className="field-error">{message('agreementRequired', locale)}</p>}
            </section>

            <Alert text={tried && problems.length > 0 ? problems[0] : (entryRefusal ?? error?.text ?? null)}>
              {error?.code === 'advanceInfoIncomplete' && (
                <Link to={`/cart/${parkId}/add-info${quick ? `?quick=${quick}` : ''}`}>
                  {t('checkout.payment.editInfo')}
                </Link>
              )}
            </Alert>
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void pay()}
              disabled={busy || entryCheck.isLoading}
              data-testid="pay-button"
            >
              {busy
                ? t('checkout.common.sending')
                : chosenMethod === PaymentMethod.Visa
                  ? t('checkout.payment.toCard')
                  : chosenMethod === PaymentMethod.Konbini
                    ? t('konbini.toSlip', { total: formatYen(totals.total, locale) })
                    : t('checkout.payment.pay', { total: formatYen(totals.total, locale) })}
            </button>
            <p className="checkout-back">
              <Link to="/cart">{t('checkout.common.backToCart')}</Link>
            </p>
          </div>
        )
      }
    </QueryState>
  );
}

/** /cart/:park/payment: the final confirmation — lines, coupons, coins, totals, method, terms, then pay. */
export default function PaymentPage() {
  const { t } = useTranslation();
  const parkId = parseParkId(useParams().park);
  if (parkId === null) return <ErrorPage status={404} />;
  return (
    <PayStep title={t('checkout.payment.title')} testId="payment-page">
      <PaymentContent parkId={parkId} />
    </PayStep>
  );
}
