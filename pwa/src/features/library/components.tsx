import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
  const label = t('catalogue.common.page', { page, total: totalPages });
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && <Link to={link(page - 1)}>{t('catalogue.common.previous')}</Link>}
      <span>{label}</span>
      {page < totalPages && <Link to={link(page + 1)}>{t('catalogue.common.next')}</Link>}
    </nav>
  );
}

/** One row of a library list: picture, title and subtitle as a link, and a remove button. */
export function LibraryRow({
  to,
  imageUrl,
  title,
  subtitle,
  actionText,
  actionLabel,
  busy,
  onAction,
  round = false,
}: {
  to: string;
  imageUrl: string;
  title: string;
  subtitle: string;
  actionText: string;
  actionLabel: string;
  busy: boolean;
  onAction: () => void;
  round?: boolean;
}) {
  return (
    <li className="library-row" data-testid="library-row">
      <Link to={to} className="library-row__link">
        <img
          className={round ? 'library-row__img is-round' : 'library-row__img'}
          src={imageUrl}
          alt=""
          width="64"
          height="48"
          loading="lazy"
        />
        <span className="library-row__text">
          <strong>{title}</strong>
          <small>{subtitle}</small>
        </span>
      </Link>
      <button
        type="button"
        className="button button--small button--ghost"
        aria-label={actionLabel}
        disabled={busy}
        onClick={onAction}
      >
        {actionText}
      </button>
    </li>
  );
}
