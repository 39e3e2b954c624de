import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Previous / page x of y / next links for paged lists. */
export function Pager({
  page,
  totalPages,
  link,
}: {
  page: number;
  totalPages: number;
  link: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const label = t('pager.page', { page, total: totalPages });
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && <Link to={link(page - 1)}>{t('pager.previous')}</Link>}
      <span>{label}</span>
      {page < totalPages && <Link to={link(page + 1)}>{t('pager.next')}</Link>}
    </nav>
  );
}
