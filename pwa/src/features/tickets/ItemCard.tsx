import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ItemSummary } from '../../../../common/dto/item';
import { formatShortDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { ItemBadges, PriceRange, reservationLabel } from './labels';

export function ItemCard({ item }: { item: ItemSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="card item-card" data-testid="item-card">
      <Link to={`/items/${item.id}`} className="card__link">
        <img className="card__image" src={item.imageUrl} alt="" loading="lazy" width="640" height="360" />
        <div className="card__body">
          <p className="card__eyebrow">
            <ItemBadges item={item} />
          </p>
          <h3 className="card__title">{item.name}</h3>
          <p className="card__meta card__meta--muted">
            {item.park.name}・{item.park.prefecture.name}
          </p>
          <p className="item-card__lead">{item.lead}</p>
          <p className="card__meta item-card__foot">
            <PriceRange from={item.priceFrom} to={item.priceTo} />
            {item.lottery && <span className="flag">{t('tickets.flags.lottery')}</span>}
            {item.reservationRequired && !reservationLabel(item) && (
              <span className="flag">{t('tickets.flags.reservationRequired')}</span>
            )}
          </p>
          {item.usableDates && item.usableDates.length > 0 && (
            <div className="usable-dates">
              <span className="usable-dates__label">{t('tickets.usableOn')}</span>
              <ul>
                {item.usableDates.map((d) => (
                  <li key={d} className="usable-date">
                    <time dateTime={d}>{formatShortDate(d, locale)}</time>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </Link>
    </article>
  );
}
