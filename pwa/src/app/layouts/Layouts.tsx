import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import type { Layout } from '../../../../common/routes';
import { LanguageSwitch } from '../../lib/components/LanguageSwitch';
import { Footer } from './Footer';
import { Header } from './Header';
import { TabBar } from './TabBar';

function Main({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" className={className} tabIndex={-1}>
      {children}
    </main>
  );
}

export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <Header />
      <Main className="page">
        <Outlet />
      </Main>
      <Footer />
      <TabBar />
    </div>
  );
}

export function EmptyLayout() {
  return (
    <div className="layout layout--empty">
      <Main>
        <Outlet />
      </Main>
      <TabBar />
    </div>
  );
}

function CompactBar() {
  const { t } = useTranslation();
  return (
    <div className="compact-bar">
      <Link to="/" className="brand">
        <img src="/icons/icon.svg" alt="" width="32" height="32" />
        <span className="brand__name">{t('app.name')}</span>
      </Link>
      <LanguageSwitch />
    </div>
  );
}

export function AuthLayout() {
  return (
    <div className="layout layout--auth">
      <CompactBar />
      <Main className="auth-card">
        <Outlet />
      </Main>
      <TabBar />
    </div>
  );
}

export function RegistrationLayout() {
  return (
    <div className="layout layout--registration">
      <CompactBar />
      <Main className="page page--narrow">
        <Outlet />
      </Main>
      <TabBar />
    </div>
  );
}

/** Full-height layout for My Tickets and park maps: content fills the screen under a compact bar. */
export function MapLayout() {
  return (
    <div className="layout layout--map">
      <CompactBar />
      <Main className="map-main">
        <Outlet />
      </Main>
      <TabBar />
    </div>
  );
}

export const LAYOUT_COMPONENTS: Record<Layout, () => ReactNode> = {
  default: DefaultLayout,
  empty: EmptyLayout,
  auth: AuthLayout,
  map: MapLayout,
  registration: RegistrationLayout,
};
