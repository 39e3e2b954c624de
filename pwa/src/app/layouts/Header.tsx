import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../features/account/Avatar';
import { useGetCartsQuery } from '../../lib/carts';
import { LanguageSwitch } from '../../lib/components/LanguageSwitch';
import { useFirstPageShown } from '../../lib/firstPage';
import { guestId } from '../../lib/session';
import { useAppSelector } from '../store';

/** The cart, with the number of tickets held in it; not for kids accounts (they cannot buy). */
function CartLink() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const isChild = user?.child_flag === 1;
  // A guest has a cart only once a guest id exists; the count is read once the first page is shown.
  const shown = useFirstPageShown();
  const { data } = useGetCartsQuery(undefined, { skip: !shown || isChild || (!user && !guestId()) });
  if (isChild) return null;
  const count = (data?.data ?? []).reduce((n, cart) => n + cart.lines.reduce((m, l) => m + l.people, 0), 0);
  return (
    <Link
      to="/cart"
      className="cart-link"
      aria-label={count > 0 ? t('nav.cartWithCount', { count }) : t('nav.cart')}
      data-testid="header-cart"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.2l.8 2H21l-2.6 8.4A2 2 0 0 1 16.5 14H8.3l-.9 2H19v2H4.2l2-4.1L4 4H3V2Z"
        />
      </svg>
      {count > 0 && <span className="cart-link__count">{count > 99 ? '99+' : count}</span>}
    </Link>
  );
}

/** Guests get a sign-in link; signed-in users a link to My page with their icon. */
function AccountLink() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  // Signed in but the profile is not loaded (offline start): still a link to My page, not "Sign in".
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  if (!user && signedIn) {
    return (
      <Link to="/me" className="account-link account-link--user" aria-label={t('nav.me')} data-testid="header-me">
        <svg className="account-link__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <circle cx="12" cy="12" r="12" fill="currentColor" opacity="0.18" />
          <path
            fill="currentColor"
            d="M12 12.5a3.6 3.6 0 1 0 0-7.2 3.6 3.6 0 0 0 0 7.2Zm-6.2 6.3c.6-3 3.2-4.9 6.2-4.9s5.6 1.9 6.2 4.9Z"
          />
        </svg>
        <span className="account-link__text">{t('nav.me')}</span>
      </Link>
    );
  }
  if (!user) {
    return (
      <Link to="/signin" className="account-link" data-testid="header-signin">
        {t('nav.signin')}
      </Link>
    );
  }
  // Named by its content, not aria-label: on a wide screen the visible 「マイページ」 sits beside the avatar's
  // initial, and a label that differs from what is seen is what voice control cannot match (axe
  // label-content-name-mismatch). The full name is read, the word shown on wide screens is not read twice.
  return (
    <Link to="/me" className="account-link account-link--user" data-testid="header-me">
      <Avatar name={user.name} iconUrl={user.icon_url} size={32} />
      <span className="account-link__text" aria-hidden="true">
        {t('nav.me')}
      </span>
      <span className="visually-hidden">{t('nav.myPageLabel', { name: user.name })}</span>
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="site-header__bar">
        {/* Named by its visible text (the brand), which a narrow screen only hides visually. */}
        <Link to="/" className="brand">
          <img src="/icons/icon.svg" alt="" width="36" height="36" />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <div className="site-header__actions">
          <LanguageSwitch />
          <CartLink />
          <AccountLink />
        </div>
      </div>
      {/* On phones home and My Tickets are in the bottom tab bar: this row keeps the four things to find. */}
      <nav className="site-nav" aria-label={t('nav.categories')}>
        <NavLink to="/" end className="site-nav__wide">
          {t('nav.home')}
        </NavLink>
        <NavLink to="/find/parks">{t('nav.parks')}</NavLink>
        <NavLink to="/find/tickets">{t('nav.tickets')}</NavLink>
        <NavLink to="/find/living-thing">{t('nav.animals')}</NavLink>
        <NavLink to="/find/stories">{t('nav.stories')}</NavLink>
        <NavLink to="/my-tickets" className="site-nav__wide">
          {t('nav.myTickets')}
        </NavLink>
      </nav>
    </header>
  );
}
