import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled − value + row: people per age group on the item page, cart lines. Buttons are 44 px targets. */
export function QuantityStepper({
  label,
  sub,
  value,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  onChange,
  disabled,
}: {
  label: string;
  sub?: ReactNode;
  value: number;
  min?: number;
  max?: number;
  onChange(next: number): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="qty-row">
      <span className="qty-row__label">
        {label}
        {sub && <span className="muted qty-row__sub">{sub}</span>}
      </span>
      <div className="stepper">
        <button
          type="button"
          className="button button--small"
          aria-label={t('checkout.qty.decrease', { name: label })}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output aria-live="polite" className="stepper__value">
          {value}
        </output>
        <button
          type="button"
          className="button button--small"
          aria-label={t('checkout.qty.increase', { name: label })}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
