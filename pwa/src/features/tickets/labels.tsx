import { useTranslation } from 'react-i18next';
import type { ItemSummary } from '../../../../common/dto/item';
import { CombinationLabel } from '../../../../common/enums';
import { formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';

/** The combination label already says "reservation": no separate reservation flag then. */
export const reservationLabel = (item: Pick<ItemSummary, 'combinationLabel'>) =>
  item.combinationLabel === CombinationLabel.FreeReservation || item.combinationLabel === CombinationLabel.Reservation;

/** Category, sale label and combination label badges of an item (blank labels show nothing). */
export function ItemBadges({
  item,
}: {
  item: Pick<ItemSummary, 'category' | 'saleLabel' | 'combinationLabel'> & { onSale?: boolean };
}) {
  const { t } = useTranslation();
  const sale = t(`tickets.saleLabel.${item.saleLabel}`);
  const combination = t(`tickets.combinationLabel.${item.combinationLabel}`);
  return (
    <>
      <span className={`badge badge--category-${item.category}`}>{t(`tickets.category.names.${item.category}`)}</span>
      {sale && <span className={`badge badge--sale-${item.saleLabel}`}>{sale}</span>}
      {combination && <span className="badge badge--combination">{combination}</span>}
    </>
  );
}

/** "¥500〜" / "無料" for a price range. */
export function PriceRange({ from, to }: { from: number | null; to: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (from === null || to === null) return null;
  if (to === 0) return <span className="price price--free">{t('tickets.free')}</span>;
  const text = from === to ? formatYen(from, locale) : t('tickets.priceFrom', { price: formatYen(from, locale) });
  return <span className="price">{text}</span>;
}
