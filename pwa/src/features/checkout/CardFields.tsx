// The card form (number, holder, expiry MM/YY, CVC) checked with the shared rules of common/rules/card.ts and the
// same messages as the tokeniser. The values never leave the browser except to the tokeniser.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { message } from '../../../../common/messages';
import { type CardErrors, type CardField, type CardInput, validateCard } from '../../../../common/rules/card';
import { useLocale } from '../../lib/useLocale';

const EMPTY: CardInput = { number: '', holderName: '', expiry: '', cvc: '' };

/** Spaces and hyphens people type between digit groups are dropped; any other character is kept for the rules. */
export const normalizeCardNumber = (v: string) => v.replace(/[\s-]/g, '');

/** "1228" or "12/28" typed: MM/YY. */
export function normalizeExpiry(v: string): string {
  const t = v.trim();
  return /^\d{4}$/.test(t) ? `${t.slice(0, 2)}/${t.slice(2)}` : t;
}

export function useCardForm() {
  const [input, setInput] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [touched, setTouched] = useState(false);
  const clean = (i: CardInput): CardInput => ({
    ...i,
    number: normalizeCardNumber(i.number),
    expiry: normalizeExpiry(i.expiry),
  });
  return {
    input,
    errors: touched ? errors : {},
    setField(field: CardField, value: string) {
      const next = { ...input, [field]: value };
      setInput(next);
      if (touched) setErrors(validateCard(clean(next)));
    },
    /** Checks every field and shows the messages; answers the cleaned input when it is acceptable. */
    validate(): CardInput | null {
      const cleaned = clean(input);
      const found = validateCard(cleaned);
      setTouched(true);
      setErrors(found);
      return Object.keys(found).length === 0 ? cleaned : null;
    },
    /** Problems the tokeniser reported. */
    showErrors(found: CardErrors) {
      setTouched(true);
      setErrors(found);
    },
    reset() {
      setInput(EMPTY);
      setErrors({});
      setTouched(false);
    },
  };
}

export type CardForm = ReturnType<typeof useCardForm>;

function Field(props: {
  id: string;
  field: CardField;
  label: string;
  hint?: string;
  form: CardForm;
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  maxLength: number;
  placeholder?: string;
}) {
  const locale = useLocale();
  const error = props.form.errors[props.field];
  const id = `${props.id}-${props.field}`;
  const describedBy = [props.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.field}
        type="text"
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        value={props.form.input[props.field]}
        onChange={(e) => props.form.setField(props.field, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        spellCheck={false}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {message(error, locale)}
        </p>
      )}
    </div>
  );
}

export function CardFields({ form }: { form: CardForm }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="card-fields" data-testid="card-fields">
      <Field
        id={id}
        field="number"
        form={form}
        label={t('checkout.card.number')}
        hint={t('checkout.card.numberHint')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        placeholder="1234 5678 9012 3456"
      />
      <Field
        id={id}
        field="holderName"
        form={form}
        label={t('checkout.card.holder')}
        hint={t('checkout.card.holderHint')}
        autoComplete="cc-name"
        maxLength={50}
        placeholder="TARO YAMADA"
      />
      <div className="field-row">
        <Field
          id={id}
          field="expiry"
          form={form}
          label={t('checkout.card.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          placeholder="MM/YY"
        />
        <Field
          id={id}
          field="cvc"
          form={form}
          label={t('checkout.card.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          placeholder="123"
        />
      </div>
    </div>
  );
}
