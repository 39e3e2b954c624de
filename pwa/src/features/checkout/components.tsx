// Building blocks shared by the checkout pages: the four cart steps, a cart line's summary, the hold countdown,
// the totals table, the signed-in gate and the loading state.

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { CartLine } from '../../../../common/dto/cart';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { useAppSelector } from '../../app/store';
import { useNow } from '../../lib/clock';
import { formatDate, formatYen } from '../../lib/format';
import { useIsChild } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import { passOf } from './passHolders';
import { formatCountdown, holdSecondsLeft, type Totals } from './rules';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t('app.loading')}
    </div>
  );
}

const STEPS = ['cart', 'addInfo', 'confirm', 'complete'] as const;

/** Cart has four steps (spec section 2): cart, advance information, final confirmation, completion. */
export function Steps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <ol className="checkout-steps" aria-label={t('checkout.steps.label')}>
      {STEPS.map((s, i) => (
        <li
          key={s}
          className={`checkout-steps__step${i === at ? ' checkout-steps__step--current' : ''}${i < at ? ' checkout-steps__step--done' : ''}`}
          aria-current={i === at ? 'step' : undefined}
        >
          <span className="checkout-steps__num" aria-hidden="true">
            {i + 1}
          </span>
          <span className="checkout-steps__label">{t(`checkout.steps.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Signed-in users only: others go to sign-in and come back here. */
export function SignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  if (!signedIn) {
    return <Navigate to={`/signin?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return <>{children}</>;
}

/**
 * The final confirmation steps of one park's cart (payment, card): signed in, the step bar and the title; kids
 * accounts are told they cannot pay instead of getting the page's content.
 */
export function PayStep({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const locale = useLocale();
  const isChild = useIsChild();
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid={testId}>
        <Steps current="confirm" />
        <h1 className="page-title">{title}</h1>
        {isChild ? <p className="notice">{purchaseMessage('childRestricted', locale)}</p> : children}
      </div>
    </SignedIn>
  );
}

/** The hold's countdown, by the server's clock (offset from meta.serverTime). */
export function HoldCountdown({ expiresAt, offsetMs }: { expiresAt: string; offsetMs: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow();
  const left = holdSecondsLeft(expiresAt, offsetMs, now);
  const urgent = left > 0 && left <= 180;
  return (
    <p
      className={`hold-countdown${urgent ? ' hold-countdown--urgent' : ''}${left === 0 ? ' hold-countdown--over' : ''}`}
      data-testid="hold-countdown"
    >
      {left === 0 ? (
        t('checkout.cart.holdOver')
      ) : (
        <>
          {t('checkout.cart.holdLeft')}{' '}
          <time dateTime={`PT${left}S`} className="hold-countdown__time">
            {formatCountdown(left, locale)}
          </time>
        </>
      )}
    </p>
  );
}

/** What a line is: name, day and time, seats, and people per age group at their prices. */
export function LineSummary({ line, children }: { line: CartLine; children?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="cart-line__body">
        <img className="cart-line__img" src={line.imageUrl} alt="" width="96" height="54" loading="lazy" />
        <div className="cart-line__text">
          <h3 className="cart-line__name">{line.name}</h3>
          {passOf(line) ? (
            // A pass has no day of use; its rule is said again up to the final confirmation.
            <p className="cart-line__when" data-testid="pass-line-no-cancel">
              {t('passes.item.noCancel')}
            </p>
          ) : (
            <p className="cart-line__when">
              {formatDate(line.date, locale)}
              {line.timeSlot && ` ${line.timeSlot.startTime}–${line.timeSlot.endTime}`}
              {line.time && ` ${line.time}`}
            </p>
          )}
          {line.seatCodes.length > 0 && (
            <p className="cart-line__seats">{t('checkout.line.seats', { seats: line.seatCodes.join(', ') })}</p>
          )}
          {line.lottery && <p className="flag">{t('checkout.line.lottery')}</p>}
          {(line.passVoucher || (line.memberDiscount ?? 0) > 0) && (
            <ul className="cart-line__units">
              {line.passVoucher && (
                <li className="cart-line__member" data-testid="line-guest-voucher">
                  {t('checkout.line.guestVoucher', {
                    count: line.passVoucher.quantity,
                    price: formatYen(line.passVoucher.amount, locale),
                  })}
                </li>
              )}
              {(line.memberDiscount ?? 0) > 0 && (
                <li className="cart-line__member" data-testid="line-member-discount">
                  {t('checkout.line.memberDiscount', { price: formatYen(line.memberDiscount ?? 0, locale) })}
                </li>
              )}
            </ul>
          )}
          {!children && (
            <ul className="cart-line__units">
              {line.quantities.map((q) => (
                <li key={q.ageGroupId}>
                  {t('checkout.line.unit', {
                    name: q.ageGroupName,
                    count: q.quantity,
                    price: formatYen(q.unitPrice, locale),
                  })}
                </li>
              ))}
              {line.additionalPlans.flatMap((p) =>
                p.quantities.map((q) => (
                  <li key={`${p.planId}-${q.ageGroupId}`}>
                    {t('checkout.line.addOn', {
                      plan: p.name,
                      name: q.ageGroupName,
                      count: q.quantity,
                      price: formatYen(q.unitPrice, locale),
                    })}
                  </li>
                )),
              )}
              {line.disabilityQuantity > 0 && line.disabilityUnitPrice !== null && (
                <li>
                  {t('checkout.line.disability', {
                    count: line.disabilityQuantity,
                    price: formatYen(line.disabilityUnitPrice, locale),
                  })}
                </li>
              )}
              {line.companionQuantity > 0 && line.disabilityUnitPrice !== null && (
                <li>
                  {t('checkout.line.companion', {
                    count: line.companionQuantity,
                    price: formatYen(line.disabilityUnitPrice, locale),
                  })}
                </li>
              )}
              {line.kind === 'pack' && line.quantity !== null && line.packUnitPrice !== null && (
                <li>
                  {t('checkout.line.pack', { count: line.quantity, price: formatYen(line.packUnitPrice, locale) })}
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
      {children}
    </>
  );
}

/** Subtotal, discounts and the total (all yen, tax included). */
export function TotalsTable({ totals, testId }: { totals: Omit<Totals, 'refusal'>; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className="totals" data-testid={testId}>
      {(totals.memberDiscount ?? 0) > 0 && (
        <div>
          <dt>{t('checkout.totals.memberDiscount')}</dt>
          <dd data-testid="totals-member-discount">−{formatYen(totals.memberDiscount ?? 0, locale)}</dd>
        </div>
      )}
      <div>
        <dt>{t('checkout.totals.subtotal')}</dt>
        <dd data-testid="totals-subtotal">{formatYen(totals.subtotal, locale)}</dd>
      </div>
      <div>
        <dt>{t('checkout.totals.coupon')}</dt>
        <dd data-testid="totals-coupon">
          {totals.couponDiscount > 0 ? `−${formatYen(totals.couponDiscount, locale)}` : formatYen(0, locale)}
        </dd>
      </div>
      <div>
        <dt>{t('checkout.totals.coins')}</dt>
        <dd data-testid="totals-coins">
          {totals.coinDiscount > 0 ? `−${formatYen(totals.coinDiscount, locale)}` : formatYen(0, locale)}
        </dd>
      </div>
      <div className="totals__total">
        <dt>{t('checkout.totals.total')}</dt>
        <dd data-testid="totals-total">{formatYen(totals.total, locale)}</dd>
      </div>
    </dl>
  );
}

/** A polite live region: server messages and rule messages of a form appear here. */
export function Alert({
  text,
  kind = 'error',
  children,
}: {
  text?: string | null;
  kind?: 'error' | 'info' | 'success';
  children?: ReactNode;
}) {
  return (
    <div className="live-region" aria-live="polite" data-testid="checkout-message">
      {text && (
        <div className={`checkout-alert checkout-alert--${kind}`}>
          <p>{text}</p>
          {children}
        </div>
      )}
    </div>
  );
}
