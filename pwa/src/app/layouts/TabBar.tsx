import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';

const icon = (path: ReactNode) => (
  <svg className="tab-bar__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

const ICONS = {
  home: icon(<path fill="currentColor" d="M12 3 2 11.5l1.3 1.5L5 11.6V21h5.5v-6h3v6H19v-9.4l1.7 1.4 1.3-1.5Z" />),
  find: icon(
    <path
      fill="currentColor"
      d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
    />,
  ),
  tickets: icon(
    <path
      fill="currentColor"
      d="M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a3 3 0 0 0 0 6v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a3 3 0 0 0 0-6Zm11 0v2h2V6Zm0 5v2h2v-2Zm0 5v2h2v-2Z"
    />,
  ),
  notifications: icon(
    <path
      fill="currentColor"
      d="M12 2a6 6 0 0 1 6 6v4.6l2 3.4v1H4v-1l2-3.4V8a6 6 0 0 1 6-6Zm-2.5 17h5a2.5 2.5 0 0 1-5 0Z"
    />,
  ),
  me: icon(
    <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c.5-4.2 3.8-7 8-7s7.5 2.8 8 7Z" />,
  ),
};

/**
 * The phone's bottom tab bar, on every layout: home, find, My Tickets, notifications, My page, each a 44 px+
 * target. Wide screens have the header's navigation instead (styles.css hides it there).
 */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = [
    { to: '/', key: 'home', label: t('nav.home'), active: pathname === '/' },
    { to: '/find/parks', key: 'find', label: t('nav.find'), active: pathname.startsWith('/find/') },
    { to: '/my-tickets', key: 'tickets', label: t('nav.myTickets'), active: pathname.startsWith('/my-tickets') },
    {
      to: '/me/notification',
      key: 'notifications',
      label: t('nav.notifications'),
      active: pathname === '/me/notification',
    },
    {
      to: '/me',
      key: 'me',
      label: t('nav.me'),
      active: pathname.startsWith('/me') && pathname !== '/me/notification',
    },
  ] as const;
  return (
    <nav className="tab-bar" aria-label={t('nav.tabs')} data-testid="tab-bar">
      {tabs.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end
          className={tab.active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'}
          aria-current={tab.active ? 'page' : undefined}
          data-testid={`tab-${tab.key}`}
        >
          {ICONS[tab.key]}
          <span className="tab-bar__label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
