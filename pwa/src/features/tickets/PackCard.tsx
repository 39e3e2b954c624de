import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TicketPackSummary } from '../../../../common/dto/ticketPack';
import { formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';

export function PackCard({ pack }: { pack: TicketPackSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="card pack-card" data-testid="pack-card">
      <Link to={`/ticket-pack/${pack.id}`} className="card__link">
        <img className="card__image" src={pack.imageUrl} alt="" loading="lazy" width="640" height="360" />
        <div className="card__body">
          <p className="card__eyebrow">
            <span className={`badge badge--category-${pack.category}`}>
              {t(`tickets.category.names.${pack.category}`)}
            </span>
            <span>{pack.park.name}</span>
          </p>
          <h3 className="card__title">{pack.name}</h3>
          <p className="card__meta">
            <span className="price">{t('tickets.packs.perPack', { price: formatYen(pack.price, locale) })}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}
