import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../features/account/Avatar';
import { LanguageSwitch } from '../../lib/components/LanguageSwitch';
import { useAppSelector } from '../store';

/** Guests get a sign-in link; signed-in users a link to My page with their icon. */
function AccountLink() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  if (!user) {
    return (
      <Link to="/signin" className="account-link" data-testid="header-signin">
        {t('nav.signin')}
      </Link>
    );
  }
  return (
    <Link
      to="/me"
      className="account-link account-link--user"
      aria-label={t('account.header.myPageLabel', { name: user.name })}
      data-testid="header-me"
    >
      <Avatar name={user.name} iconUrl={user.icon_url} size={32} />
      <span className="account-link__text">{t('nav.me')}</span>
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
        <Link to="/" className="brand" aria-label={t('nav.home')}>
          <img src="/icons/icon.svg" alt="" width="36" height="36" />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <div className="site-header__actions">
          <LanguageSwitch />
          <AccountLink />
        </div>
      </div>
      <nav className="site-nav" aria-label={t('nav.menu')}>
        <NavLink to="/" end>
          {t('nav.home')}
        </NavLink>
        <NavLink to="/find/parks">{t('nav.parks')}</NavLink>
        <NavLink to="/find/tickets">{t('nav.tickets')}</NavLink>
        <NavLink to="/find/living-thing">{t('nav.animals')}</NavLink>
        <NavLink to="/find/stories">{t('nav.stories')}</NavLink>
        <NavLink to="/my-tickets">{t('nav.myTickets')}</NavLink>
      </nav>
    </header>
  );
}
