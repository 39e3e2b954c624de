import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../lib/components/Icon';
import { useFirstPageShown } from '../../lib/firstPage';
import { useInboxQuery } from '../../lib/notifications';
import { useSignedIn } from '../../lib/sessionHooks';

const ICONS = { home: 'home', find: 'search', tickets: 'ticket', notifications: 'bell', me: 'user' } as const;

/**
 * The phone's bottom tab bar, on every layout: home, find, My Tickets, notifications, My page, each a 44 px+
 * target. Wide screens have the header's navigation instead (styles.css hides it there).
 */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  // The unread count is read once the first page is shown.
  const shown = useFirstPageShown();
  const { data: inbox } = useInboxQuery({ per_page: 1 }, { skip: !shown || !signedIn, pollingInterval: 5 * 60_000 });
  const unread = inbox?.meta.unread ?? 0;
  // The gate scanner is a full-screen tool: a tab tapped by a visitor's elbow must not leave it.
  if (pathname === '/staff/scan') return null;
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
          <Icon name={ICONS[tab.key]} className="tab-bar__icon" />
          <span className="tab-bar__label">{tab.label}</span>
          {tab.key === 'notifications' && unread > 0 && (
            <span className="tab-bar__badge" data-testid="unread-count">
              {unread > 99 ? '99+' : unread}
              <span className="visually-hidden">{t('nav.unread')}</span>
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
