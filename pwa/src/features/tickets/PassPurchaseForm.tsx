import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassProduct } from '../../../../common/dto/pass';
import { tokyoDate } from '../../../../common/time';
import { PassBenefits } from '../../lib/components/PassBenefits';
import { QuantityStepper } from '../../lib/components/QuantityStepper';
import { formatDate, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import {
  addPassLineRequest,
  NO_PASS_SELECTION,
  type PassSelection,
  passMaxPeople,
  passPeople,
  passSelectionProblem,
  passTotal,
  validityRule,
} from './passPurchase';
import { AddResult, PurchaseActions, useAddToCart } from './useAddToCart';

/** The facts of a pass before buying: kind, validity rule, parks, benefits, and that it cannot be cancelled once used. */
export function PassFacts({ pass, today }: { pass: PassProduct; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rule = validityRule(pass, today);
  return (
    <dl className="pass-facts" data-testid="pass-facts">
      <dt>{t('passes.item.kind')}</dt>
      <dd data-testid="pass-kind">
        {pass.kind === 'family'
          ? t('passes.item.kinds.family', { count: pass.maxHolders })
          : t('passes.item.kinds.single')}
      </dd>
      <dt>{t('passes.item.validity')}</dt>
      <dd data-testid="pass-validity">
        {t(`passes.item.${rule.key}`, { days: rule.days })}
        {rule.startBy && (
          <>
            <br />
            {t('passes.item.startWithin', { days: rule.startBy.days, date: formatDate(rule.startBy.date, locale) })}
          </>
        )}
      </dd>
      <dt>{t('passes.item.parks')}</dt>
      <dd>{pass.parkNames.join(locale === 'en' ? ', ' : '、')}</dd>
      <dt>{t('passes.item.benefits')}</dt>
      <dd>
        <PassBenefits benefits={pass.benefits} />
      </dd>
    </dl>
  );
}

/**
 * A pass item's apply area: no date or slot; people per age group (a family pass up to its holders), the price per
 * person, the rules, and "cannot be cancelled after the first entry" before adding. Holders are named at the cart's
 * add-info step (checkout/PassHoldersForm.tsx).
 */
export function PassPurchaseForm({ pass, maxPerOrder }: { pass: PassProduct; maxPerOrder: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [selection, setSelection] = useState<PassSelection>(NO_PASS_SELECTION);
  const [tried, setTried] = useState(false);
  const { submit, busy, error, added } = useAddToCart();
  const max = passMaxPeople(pass, maxPerOrder);
  const room = max - passPeople(selection);
  const problem = passSelectionProblem(pass, selection, maxPerOrder);
  const priceOf = (kind: 'disability' | 'companion') => pass.prices.find((p) => p.unitKind === kind) ?? null;
  const disability = priceOf('disability');
  const companion = priceOf('companion');

  const go = async (mode: 'cart' | 'buy') => {
    setTried(true);
    if (problem) return;
    await submit(addPassLineRequest(pass, selection), mode);
  };

  return (
    <div className="purchase-form stack" data-testid="pass-purchase-form">
      <PassFacts pass={pass} today={tokyoDate()} />
      <fieldset className="field" data-testid="quantity-choices">
        <legend>{t('passes.item.holders')}</legend>
        <p className="muted">{t(pass.kind === 'family' ? 'passes.item.familyNote' : 'passes.item.singleNote')}</p>
        {pass.prices
          .filter((p) => p.unitKind === 'basic' && p.ageGroupId !== null)
          .map((p) => {
            const id = p.ageGroupId as number;
            const value = selection.basic[id] ?? 0;
            return (
              <QuantityStepper
                key={id}
                label={p.ageGroupName}
                sub={formatYen(p.price, locale)}
                value={value}
                max={value + room}
                onChange={(n) => setSelection((s) => ({ ...s, basic: { ...s.basic, [id]: n } }))}
              />
            );
          })}
        {disability && (
          <QuantityStepper
            label={disability.ageGroupName}
            sub={formatYen(disability.price, locale)}
            value={selection.disability}
            max={selection.disability + room}
            onChange={(n) => setSelection((s) => ({ ...s, disability: n, companion: Math.min(s.companion, n) }))}
          />
        )}
        {disability && companion && (
          <QuantityStepper
            label={companion.ageGroupName}
            sub={formatYen(companion.price, locale)}
            value={selection.companion}
            max={Math.min(selection.disability, selection.companion + room)}
            onChange={(n) => setSelection((s) => ({ ...s, companion: n }))}
          />
        )}
      </fieldset>
      <p className="purchase-form__total">
        <span>{t('passes.item.total')}</span>
        <strong data-testid="purchase-total">{formatYen(passTotal(pass, selection), locale)}</strong>
      </p>
      <p className="notice pass-no-cancel" data-testid="pass-no-cancel">
        {t('passes.item.noCancel')}
      </p>
      {tried && problem && (
        <p className="field-error" role="alert" data-testid="purchase-problem">
          {problem.key === 'tooMany'
            ? t(pass.kind === 'family' ? 'passes.item.tooMany' : 'passes.item.tooManySingle', { count: problem.count })
            : t('passes.item.pickHolders')}
        </p>
      )}
      <AddResult error={error} added={added} />
      <PurchaseActions onAction={(mode) => void go(mode)} disabled={busy} />
    </div>
  );
}
