import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ParkSummary } from '../../../../common/dto/park';
import { placeName } from '../../lib/format';

export function ParkCard({ park }: { park: ParkSummary }) {
  const { t } = useTranslation();
  const closedDays = park.closedWeekdays.map((d) => d.name).join('・');
  return (
    <article className="card park-card" data-testid="park-card">
      <Link to={`/profile/park/${park.id}`} className="card__link">
        <img className="card__image" src={park.imageUrl} alt="" loading="lazy" width="640" height="360" />
        <div className="card__body">
          <p className="card__eyebrow">
            <span className={`badge badge--${park.kind}`}>{t(`parks.${park.kind}`)}</span>
            <span>{placeName(park.region, park.prefecture)}</span>
          </p>
          <h3 className="card__title">{park.name}</h3>
          <p className="card__meta">
            <span className={park.today.open ? 'status status--open' : 'status status--closed'}>
              {park.today.open ? t('parks.openToday') : t('parks.closedToday')}
            </span>
            {park.today.open && park.today.openTime && park.today.closeTime && (
              <span>{t('parks.hours', { open: park.today.openTime, close: park.today.closeTime })}</span>
            )}
          </p>
          {/* Only weekly closing days: a list answer does not say whether a park closes on other days. */}
          {closedDays && <p className="card__meta card__meta--muted">{t('parks.closedOn', { days: closedDays })}</p>}
        </div>
      </Link>
    </article>
  );
}
