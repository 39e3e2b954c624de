import { useTranslation } from 'react-i18next';
import type { PassBenefits as Benefits } from '../../../../common/dto/pass';

/** What an annual pass gives, as a list: on the pass item's panel and on the member card. */
export function PassBenefits({ benefits }: { benefits: Benefits }) {
  const { t } = useTranslation();
  const rows = [
    t('passes.benefits.daily'),
    benefits.reentry &&
      (benefits.maxEntries !== null
        ? t('passes.benefits.reentryMax', { count: benefits.maxEntries })
        : t('passes.benefits.reentry')),
    benefits.discountPercent > 0 && t('passes.benefits.discount', { percent: benefits.discountPercent }),
    benefits.guestVouchersPerTerm > 0 && t('passes.benefits.vouchers', { count: benefits.guestVouchersPerTerm }),
    benefits.holderCapacity && t('passes.benefits.holderCapacity'),
  ].filter((r): r is string => Boolean(r));
  return (
    <ul className="pass-benefits" data-testid="pass-benefits">
      {rows.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}
