import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PaymentMethod } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { MAX_REGISTERED_CARDS, type RegisteredCard } from '../../../../common/rules/card';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { CardFields, useCardForm } from './CardFields';
import {
  useCardsQuery,
  useCurrentCoinsQuery,
  useGetParkCartQuery,
  useMyCouponsQuery,
  usePaymentsConfigQuery,
} from './checkoutApi';
import { Alert, PayStep, TotalsTable } from './components';
import { checkoutLines, computeTotals, offeredCoupons, parseParkId, parseQuick, readDraft } from './rules';
import { tokenizeCard } from './tokenize';
import { useSubmitOrder } from './useSubmitOrder';

export function CardLabel({ card }: { card: RegisteredCard }) {
  const { t } = useTranslation();
  return (
    <span className="card-label">
      <span className="card-label__brand">{card.brand}</span>
      <span className="card-label__number">•••• {card.last4}</span>
      <span className="muted">{t('checkout.card.expiresShort', { expiry: card.expiry })}</span>
      {card.isDefault && <span className="badge">{t('checkout.card.default')}</span>}
    </span>
  );
}

function CreditCardContent({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [query] = useSearchParams();
  const quick = parseQuick(query.get('quick'));
  const draft = useMemo(() => readDraft(parkId), [parkId]);
  const cart = useGetParkCartQuery(parkId, { refetchOnMountOrArgChange: true });
  const cards = useCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  const coupons = useMyCouponsQuery();
  const coins = useCurrentCoinsQuery();
  const config = usePaymentsConfigQuery();
  const form = useCardForm();
  const { submit, busy, error } = useSubmitOrder(parkId, quick);
  const [choice, setChoice] = useState<number | 'new' | null>(null);
  const [save, setSave] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);

  if (!draft?.agreement) {
    return <Navigate to={`/cart/${parkId}/payment${quick ? `?quick=${quick}` : ''}`} replace />;
  }
  const list = cards.data?.data ?? [];
  const selected = choice ?? list.find((c) => c.isDefault)?.id ?? list[0]?.id ?? 'new';
  const full = list.length >= MAX_REGISTERED_CARDS;
  const lines = checkoutLines(cart.data?.data, quick);
  const chosenCoupons = offeredCoupons(coupons.data?.data ?? [], parkId).filter((c) =>
    draft.couponIds.includes(c.userCouponId),
  );
  const totals = computeTotals({
    lines,
    coupons: chosenCoupons,
    coins: draft.coins,
    ownedCoins: coins.data?.data.balance ?? 0,
    parkId,
  });

  const pay = async () => {
    setTokenError(null);
    if (selected !== 'new') {
      await submit(draft, PaymentMethod.Visa, { user_card_id: selected });
      return;
    }
    const input = form.validate();
    if (!input || !config.data) return;
    setTokenizing(true);
    const result = await tokenizeCard(config.data.data.card, input);
    setTokenizing(false);
    if (!result.ok) {
      if (result.errors) form.showErrors(result.errors);
      else setTokenError(message(result.key ?? 'paymentFailed', locale));
      return;
    }
    await submit(draft, PaymentMethod.Visa, {
      card_token: result.token,
      card_holder: input.holderName.trim(),
      save_card: save && !full,
    });
  };

  const loading = cart.isLoading || cards.isLoading || config.isLoading || coupons.isLoading || coins.isLoading;
  return (
    <QueryState isLoading={loading} error={cart.error ?? cards.error}>
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
            <section className="panel">
              <h2>{t('checkout.payment.totals')}</h2>
              <TotalsTable totals={totals} testId="card-totals" />
            </section>
            <section className="panel stack" aria-labelledby={`${id}-cards`} data-testid="card-choice">
              <h2 id={`${id}-cards`}>{t('checkout.card.choose')}</h2>
              <fieldset className="method-choices" aria-labelledby={`${id}-cards`}>
                {list.map((c) => (
                  <label key={c.id} className="method-choice">
                    <input
                      type="radio"
                      name="card"
                      checked={selected === c.id}
                      onChange={() => setChoice(c.id)}
                      data-testid="registered-card"
                    />
                    <CardLabel card={c} />
                  </label>
                ))}
                <label className="method-choice">
                  <input
                    type="radio"
                    name="card"
                    checked={selected === 'new'}
                    onChange={() => setChoice('new')}
                    data-testid="new-card"
                  />
                  <span>{t('checkout.card.useNew')}</span>
                </label>
              </fieldset>
              {selected === 'new' && (
                <>
                  <CardFields form={form} />
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={save && !full}
                      disabled={full}
                      onChange={(e) => setSave(e.target.checked)}
                    />
                    <span>{t('checkout.card.save')}</span>
                  </label>
                  {full && <p className="field-hint">{message('cardLimit', locale)}</p>}
                  <p className="muted">{t('checkout.card.secureNote')}</p>
                </>
              )}
              <p className="muted">{t('checkout.card.lumpSum')}</p>
            </section>
            <Alert text={tokenError ?? error?.text ?? null} />
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void pay()}
              disabled={busy || tokenizing}
              data-testid="card-pay"
            >
              {busy || tokenizing
                ? t('checkout.common.sending')
                : t('checkout.payment.pay', { total: formatYen(totals.total, locale) })}
            </button>
            <p className="checkout-back">
              <Link to={`/cart/${parkId}/payment${quick ? `?quick=${quick}` : ''}`}>{t('checkout.card.back')}</Link>
            </p>
          </div>
        )
      }
    </QueryState>
  );
}

/** /cart/:park/payment/credit-card: a registered card (default preselected) or a new one, tokenised, then paid. */
export default function CreditCardPage() {
  const { t } = useTranslation();
  const parkId = parseParkId(useParams().park);
  if (parkId === null) return <ErrorPage status={404} />;
  return (
    <PayStep title={t('checkout.card.title')} testId="credit-card-page">
      <CreditCardContent parkId={parkId} />
    </PayStep>
  );
}
