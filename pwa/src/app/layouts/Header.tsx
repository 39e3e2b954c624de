import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../lib/components/LanguageSwitch';

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
        <LanguageSwitch />
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
