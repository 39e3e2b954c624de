import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cart, CartLine } from '../../../../common/dto/cart';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { useAppSelector } from '../../app/store';
import { errorText } from '../../lib/apiErrors';
import { useGetCartsQuery } from '../../lib/carts';
import { useNow } from '../../lib/clock';
import { QuantityStepper } from '../../lib/components/QuantityStepper';
import { QueryState } from '../../lib/components/QueryState';
import { formatYen } from '../../lib/format';
import { useIsChild } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import {
  type CartLineChange,
  useCancelOrderPaymentMutation,
  useRemoveCartLinesMutation,
  useUpdateCartLinesMutation,
} from './checkoutApi';
import { Alert, HoldCountdown, LineSummary, Steps } from './components';
import { GuestVoucherControl } from './GuestVoucherControl';
import { clockOffset, holdSecondsLeft } from './rules';

/** The change a stepper makes to a line: the line's full quantities with one of them replaced. */
function lineChange(
  line: CartLine,
  patch: { ageGroupId?: number; disability?: number; companion?: number; pack?: number; value: number },
): CartLineChange {
  if (line.kind === 'pack') return { id: line.id, quantity: patch.value };
  return {
    id: line.id,
    quantities: line.quantities.map((q) => ({
      age_group_id: q.ageGroupId,
      quantity: q.ageGroupId === patch.ageGroupId ? patch.value : q.quantity,
    })),
    // Add-ons follow the basic plan: never more than the people of the same age group.
    additional_plans: line.additionalPlans.map((p) => ({
      plan_id: p.planId,
      quantities: p.quantities.map((q) => ({
        age_group_id: q.ageGroupId,
        quantity: q.ageGroupId === patch.ageGroupId ? Math.min(q.quantity, patch.value) : q.quantity,
      })),
    })),
    disability_quantity: patch.disability !== undefined ? patch.value : line.disabilityQuantity,
    companion_quantity:
      patch.companion !== undefined
        ? patch.value
        : patch.disability !== undefined
          ? Math.min(line.companionQuantity, patch.value)
          : line.companionQuantity,
  };
}

function CartLineRow({
  line,
  parkId,
  offsetMs,
  busy,
  onChange,
  onRemove,
}: {
  line: CartLine;
  parkId: number;
  offsetMs: number;
  busy: boolean;
  onChange(change: CartLineChange): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Seat lines keep one seat per person: their people change by choosing seats again.
  const editable = line.seatCodes.length === 0;
  return (
    <li className="cart-line" data-testid="cart-line">
      <LineSummary line={line}>
        {editable ? (
          <div className="cart-line__qty">
            {line.kind === 'pack' ? (
              <QuantityStepper
                label={t('checkout.qty.packs')}
                value={line.quantity ?? 0}
                min={1}
                disabled={busy}
                onChange={(v) => onChange(lineChange(line, { pack: v, value: v }))}
              />
            ) : (
              <>
                {line.quantities.map((q) => (
                  <QuantityStepper
                    key={q.ageGroupId}
                    label={q.ageGroupName}
                    sub={formatYen(q.unitPrice, locale)}
                    value={q.quantity}
                    min={0}
                    disabled={busy}
                    onChange={(v) => onChange(lineChange(line, { ageGroupId: q.ageGroupId, value: v }))}
                  />
                ))}
                {line.disabilityUnitPrice !== null && line.disabilityQuantity > 0 && (
                  <QuantityStepper
                    label={t('checkout.qty.disability')}
                    sub={formatYen(line.disabilityUnitPrice, locale)}
                    value={line.disabilityQuantity}
                    min={0}
                    disabled={busy}
                    onChange={(v) => onChange(lineChange(line, { disability: v, value: v }))}
                  />
                )}
                {line.disabilityUnitPrice !== null && line.disabilityQuantity > 0 && (
                  <QuantityStepper
                    label={t('checkout.qty.companion')}
                    sub={formatYen(line.disabilityUnitPrice, locale)}
                    value={line.companionQuantity}
                    min={0}
                    disabled={busy}
                    onChange={(v) => onChange(lineChange(line, { companion: v, value: v }))}
                  />
                )}
                {line.additionalPlans.length > 0 && (
                  <ul className="cart-line__units">
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
                  </ul>
                )}
              </>
            )}
          </div>
        ) : undefined}
      </LineSummary>
      <GuestVoucherControl line={line} parkId={parkId} busy={busy} />
      <div className="cart-line__foot">
        <HoldCountdown expiresAt={line.expiresAt} offsetMs={offsetMs} />
        <p className="cart-line__subtotal">
          <span className="muted">{t('checkout.cart.lineSubtotal')}</span>{' '}
          <strong data-testid="line-subtotal">{formatYen(line.subtotal, locale)}</strong>
        </p>
        <button type="button" className="button button--ghost button--small" onClick={onRemove} disabled={busy}>
          {t('checkout.cart.remove')}
        </button>
      </div>
    </li>
  );
}

function ParkCart({ cart, offsetMs }: { cart: Cart; offsetMs: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  const isChild = useIsChild();
  const [update, updating] = useUpdateCartLinesMutation();
  const [remove, removing] = useRemoveCartLinesMutation();
  const [cancelPayment, cancelling] = useCancelOrderPaymentMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = updating.isLoading || removing.isLoading || cancelling.isLoading;
  // Lines an order awaiting payment froze: no change until that payment ends or is given up.
  const pendingOrderId = cart.lines.find((l) => l.pendingOrderId !== null)?.pendingOrderId ?? null;
  const next = `/cart/${cart.park.id}/add-info`;

  const change = async (c: CartLineChange) => {
    setError(null);
    const line = cart.lines.find((l) => l.id === c.id);
    const people =
      (c.quantities ?? []).reduce((n, q) => n + q.quantity, 0) +
      (c.disability_quantity ?? 0) +
      (c.companion_quantity ?? 0);
    // Nobody left on the line: that is removing it.
    if (line?.kind === 'item' && people === 0) {
      await remove([c.id])
        .unwrap()
        .catch((err: unknown) => setError(errorText(err, locale)));
      return;
    }
    await update([c])
      .unwrap()
      .catch((err: unknown) => setError(errorText(err, locale)));
  };

  return (
    <section className="panel cart-park" aria-labelledby={`cart-park-${cart.park.id}`} data-testid="cart-park">
      <h2 id={`cart-park-${cart.park.id}`}>{cart.park.name}</h2>
      <ul className="cart-lines">
        {cart.lines.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            parkId={cart.park.id}
            offsetMs={offsetMs}
            busy={busy}
            onChange={(c) => void change(c)}
            onRemove={() =>
              void remove([line.id])
                .unwrap()
                .catch((err: unknown) => setError(errorText(err, locale)))
            }
          />
        ))}
      </ul>
      <Alert text={error} />
      {(cart.memberDiscount ?? 0) > 0 && (
        <p className="cart-park__member" data-testid="cart-member-discount">
          <span>{t('checkout.cart.memberDiscount')}</span>
          <strong>−{formatYen(cart.memberDiscount ?? 0, locale)}</strong>
        </p>
      )}
      <p className="cart-park__subtotal">
        <span>{t('checkout.cart.subtotal')}</span>
        <strong data-testid="cart-subtotal">{formatYen(cart.subtotal, locale)}</strong>
      </p>
      {pendingOrderId !== null ? (
        <div className="notice stack" data-testid="cart-in-payment">
          <p>{t('checkout.cart.inPayment')}</p>
          <button
            type="button"
            className="button button--block"
            disabled={busy}
            aria-busy={cancelling.isLoading || undefined}
            onClick={() =>
              void cancelPayment(pendingOrderId)
                .unwrap()
                .catch((err: unknown) => setError(errorText(err, locale)))
            }
          >
            {t('checkout.cart.cancelPayment')}
          </button>
        </div>
      ) : isChild ? (
        <p className="notice">{purchaseMessage('childRestricted', locale)}</p>
      ) : signedIn ? (
        <Link to={next} className="button button--primary button--block" data-testid="cart-proceed">
          {t('checkout.cart.proceed')}
        </Link>
      ) : (
        <>
          <Link
            to={`/signin?redirect=${encodeURIComponent(next)}`}
            className="button button--primary button--block"
            data-testid="cart-signin"
          >
            {t('checkout.cart.signInToProceed')}
          </Link>
          <p className="muted">{t('checkout.cart.signInNote')}</p>
        </>
      )}
    </section>
  );
}

/** /cart: the caller's carts grouped by park, quantities, removal, subtotals and each hold's countdown. */
export default function CartPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data, isLoading, error, refetch, fulfilledTimeStamp } = useGetCartsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const offsetMs = useMemo(
    () => clockOffset(data?.meta.serverTime, fulfilledTimeStamp ?? Date.now()),
    [data?.meta.serverTime, fulfilledTimeStamp],
  );
  const now = useNow(1000);
  const carts = data?.data ?? [];
  // A hold ran out: ask again a moment later (the server removes the line and says so once).
  const anyOver = carts.some((c) => c.lines.some((l) => holdSecondsLeft(l.expiresAt, offsetMs, now) === 0));
  useEffect(() => {
    if (!anyOver) return;
    const timer = setTimeout(() => void refetch(), 5000);
    return () => clearTimeout(timer);
  }, [anyOver, refetch]);

  return (
    <div className="checkout-page stack" data-testid="cart-page">
      <Steps current="cart" />
      <h1 className="page-title">{t('checkout.cart.title')}</h1>
      <QueryState isLoading={isLoading} error={error}>
        {() =>
          carts.length === 0 ? (
            <section className="empty-state" data-testid="cart-empty">
              <p>{purchaseMessage('cartEmpty', locale)}</p>
              <Link className="button" to="/find/tickets">
                {t('checkout.cart.findTickets')}
              </Link>
            </section>
          ) : (
            <>
              <p className="muted">{t('checkout.cart.holdNote')}</p>
              {carts.map((cart) => (
                <ParkCart key={cart.park.id} cart={cart} offsetMs={offsetMs} />
              ))}
            </>
          )
        }
      </QueryState>
    </div>
  );
}
