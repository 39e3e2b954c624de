import { Link } from 'react-router';

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
