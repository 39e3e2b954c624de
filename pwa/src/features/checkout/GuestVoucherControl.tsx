// The cart's "use a guest voucher" control (issue 29, passes/README.md 2.11): on an admission line, the buyer's
// passes that give guest vouchers there, each with a stepper of how many of the line's tickets they make free.
// The server prices the line and checks what is left (passVouchersUsedUp); this only asks.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../../common/dto/cart';
import { errorText } from '../../lib/apiErrors';
import { QuantityStepper } from '../../lib/components/QuantityStepper';
import { useLocale } from '../../lib/useLocale';
import { Alert } from './components';
import { useSetLineVoucherMutation } from './passApi';

export function GuestVoucherControl({ line, parkId, busy }: { line: CartLine; parkId: number; busy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [setVoucher, setting] = useSetLineVoucherMutation();
  const [error, setError] = useState<string | null>(null);
  const offers = line.voucherPasses ?? [];
  if (offers.length === 0 || line.pendingOrderId !== null) return null;
  const tickets = line.quantities.reduce((n, q) => n + q.quantity, 0);
  return (
    <div className="cart-line__vouchers stack" data-testid="guest-vouchers">
      {offers.map((o) => {
        const used = line.passVoucher?.passId === o.passId ? line.passVoucher.quantity : 0;
        return (
          <QuantityStepper
            key={o.passId}
            label={t('checkout.voucher.label', { number: o.passNumber })}
            sub={t('checkout.voucher.left', { count: o.left })}
            value={used}
            min={0}
            max={Math.min(tickets, o.left)}
            disabled={busy || setting.isLoading}
            onChange={(quantity) => {
              setError(null);
              void setVoucher({ parkId, lineId: line.id, passId: o.passId, quantity })
                .unwrap()
                .catch((err: unknown) => setError(errorText(err, locale)));
            }}
          />
        );
      })}
      <Alert text={error} />
    </div>
  );
}
