import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { LAYOUTS, ROUTES, type RouteDef } from '../../../common/routes';
import { loadSession } from '../lib/sessionService';
import { ComingSoonPage } from './ComingSoonPage';
import { FatalErrorPage } from './FatalErrorPage';
import { LAYOUT_COMPONENTS } from './layouts/Layouts';
import { NotFoundPage } from './NotFoundPage';
import { runNavigation } from './navigation';
import { Root } from './Root';

type Page = LazyExoticComponent<ComponentType>;

// Wallet pages are loaded by the navigation itself (with the first IndexedDB read their code starts), not by
// React.lazy: the page then renders at once with its tickets and QR codes, also offline, instead of showing a
// Suspense fallback that React keeps on screen for a while.
type WalletPages = typeof import('../features/wallet/pages');
const walletPages = () => import('../features/wallet/pages');
const walletPage = (name: Exclude<keyof WalletPages, 'primed'>) => () =>
  walletPages().then(async (m) => {
    await m.primed;
    return m[name] as ComponentType;
  });
const EAGER: Partial<Record<string, () => Promise<ComponentType>>> = {
  'my-tickets': walletPage('MyTicketsPage'),
  'my-tickets-history': walletPage('HistoryPage'),
  'my-ticket': walletPage('TicketPage'),
  'my-ticket-detail': walletPage('DetailPage'),
  'my-ticket-advance-information': walletPage('AdvanceInformationPage'),
  'my-ticket-share': walletPage('SharePage'),
  'my-ticket-share-receive': walletPage('ShareReceivePage'),
  'product-trigger': walletPage('TriggerPage'),
};
const loadedPages = new Map<string, ComponentType>();

/** Pages by route name. Routes of the table without a page yet show the "being prepared" page. */
const PAGES: Partial<Record<string, Page>> = {
  home: lazy(() => import('../features/home/HomePage')),
  'find-parks': lazy(() => import('../features/parks/FindParksPage')),
  'find-parks-result': lazy(() => import('../features/parks/ParkResultPage')),
  'find-tickets': lazy(() => import('../features/tickets/FindTicketsPage')),
  'find-tickets-result': lazy(() => import('../features/tickets/TicketResultPage')),
  item: lazy(() => import('../features/tickets/ItemPage')),
  'private-item': lazy(() => import('../features/tickets/ItemPage').then((m) => ({ default: m.PrivateItemPage }))),
  'ticket-pack': lazy(() => import('../features/tickets/TicketPackPage')),
  'private-ticket-pack': lazy(() =>
    import('../features/tickets/TicketPackPage').then((m) => ({ default: m.PrivateTicketPackPage })),
  ),
  'profile-park': lazy(() => import('../features/parks/ParkProfilePage')),
  'private-park': lazy(() =>
    import('../features/parks/ParkProfilePage').then((m) => ({ default: m.PrivateParkProfilePage })),
  ),
  signin: lazy(() => import('../features/account/SignInPage')),
  register: lazy(() => import('../features/account/RegisterPage')),
  'register-email': lazy(() => import('../features/account/RegisterEmailPage')),
  'register-notify': lazy(() => import('../features/account/RegisterNotifyPage')),
  'register-provider': lazy(() => import('../features/account/RegisterProviderPage')),
  'email-verify': lazy(() => import('../features/account/EmailVerifyPage')),
  'social-callback': lazy(() => import('../features/account/SocialCallbackPage')),
  'user-registration': lazy(() => import('../features/account/UserRegistrationPage')),
  'forgot-password': lazy(() => import('../features/account/ForgotPasswordPage')),
  'forgot-password-notify': lazy(() => import('../features/account/ForgotPasswordNotifyPage')),
  'reset-password': lazy(() => import('../features/account/ResetPasswordPage')),
  'reset-password-notify': lazy(() => import('../features/account/ResetPasswordNotifyPage')),
  me: lazy(() => import('../features/account/MePage')),
  'me-settings': lazy(() => import('../features/account/SettingsPage')),
  'me-account-information': lazy(() => import('../features/account/AccountInformationPage')),
  'me-change-icon': lazy(() => import('../features/account/ChangeIconPage')),
  'me-password': lazy(() => import('../features/account/PasswordPage')),
  'me-notification': lazy(() => import('../features/account/NotificationPage')),
  'me-family-account': lazy(() => import('../features/account/FamilyAccountPage')),
  'me-family-account-create': lazy(() => import('../features/account/FamilyAccountFormPage')),
  'me-family-account-edit': lazy(() =>
    import('../features/account/FamilyAccountFormPage').then((m) => ({ default: m.EditFamilyAccountPage })),
  ),
  'find-living-thing': lazy(() => import('../features/livingThings/FindLivingThingPage')),
  'find-living-thing-result': lazy(() => import('../features/livingThings/LivingThingResultPage')),
  'profile-living-thing': lazy(() => import('../features/livingThings/LivingThingPage')),
  'profile-park-living-thing': lazy(() => import('../features/livingThings/ParkLivingThingPage')),
  'profile-park-user': lazy(() => import('../features/stories/ParkUserPage')),
  story: lazy(() => import('../features/stories/StoryPage')),
  'private-story': lazy(() => import('../features/stories/StoryPage').then((m) => ({ default: m.PrivateStoryPage }))),
  'find-stories': lazy(() => import('../features/stories/FindStoriesPage')),
  'find-stories-result': lazy(() => import('../features/stories/StoryResultPage')),
  'me-follows': lazy(() => import('../features/library/FollowsPage')),
  'me-library': lazy(() => import('../features/library/LibraryPage')),
  page: lazy(() => import('../features/pages/ContentPage')),
  'about-us': lazy(() => import('../features/pages/ContentPage').then((m) => ({ default: m.AboutUsPage }))),
  corporations: lazy(() => import('../features/pages/ContentPage').then((m) => ({ default: m.CorporationsPage }))),
  'user-guide': lazy(() => import('../features/pages/ContentPage').then((m) => ({ default: m.UserGuidePage }))),
  cart: lazy(() => import('../features/checkout/CartPage')),
  'cart-add-info': lazy(() => import('../features/checkout/AddInfoPage')),
  'cart-payment': lazy(() => import('../features/checkout/PaymentPage')),
  'cart-credit-card': lazy(() => import('../features/checkout/CreditCardPage')),
  'cart-payment-completed': lazy(() => import('../features/checkout/PaymentCompletedPage')),
  'payment-error': lazy(() => import('../features/checkout/PaymentErrorPage')),
  'payment-gmo-callback': lazy(() => import('../features/checkout/PaymentCallbackPage')),
  'seat-reservation': lazy(() => import('../features/tickets/SeatReservationPage')),
  'me-my-coupon': lazy(() => import('../features/checkout/CouponsPage')),
  'me-wallet-histories': lazy(() => import('../features/checkout/CoinHistoryPage')),
  'me-registered-credit-card': lazy(() => import('../features/checkout/CardsPage')),
  'me-register-card': lazy(() =>
    import('../features/checkout/CardsPage').then((m) => ({ default: m.RegisterCardPage })),
  ),
};

let initialNavigation = true;
let previousRouteName: string | null = null;

function navigationLoader(route: RouteDef) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const load = loadedPages.has(route.name) ? undefined : EAGER[route.name];
    const eager = load?.().catch(() => undefined);
    const url = new URL(request.url);
    // A first navigation has history only when it is a reload of an in-app entry (react-router's idx > 0).
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const historyIndex = initialNavigation ? idx : Math.max(1, idx);
    initialNavigation = false;
    const outcome = await runNavigation(
      { route, params: params as Record<string, string>, url, historyIndex, previousRouteName },
      {
        loadSession,
        scrollToTop: () => window.scrollTo(0, 0),
      },
    );
    if (outcome.kind === 'redirect') throw redirect(outcome.to);
    if (outcome.kind === 'reload') {
      window.location.assign(outcome.to);
      return new Promise<never>(() => {});
    }
    previousRouteName = route.name;
    const page = await eager;
    if (page) loadedPages.set(route.name, page);
    return null;
  };
}

function PageFor({ name }: { name: string }) {
  const Loaded = loadedPages.get(name);
  if (Loaded) return <Loaded />;
  const Component = PAGES[name];
  if (!Component) {
    // A page the navigation loads itself but could not (its code failed to load): the fallback page.
    return EAGER[name] ? <FatalErrorPage /> : <ComingSoonPage />;
  }
  return (
    <Suspense fallback={<div className="loading" aria-busy="true" />}>
      <Component />
    </Suspense>
  );
}

export function buildRoutes(): RouteObject[] {
  const layoutRoutes: RouteObject[] = LAYOUTS.map((layout) => {
    const LayoutComponent = LAYOUT_COMPONENTS[layout];
    return {
      element: <LayoutComponent />,
      children: ROUTES.filter((r) => (r.layout ?? 'default') === layout).map((r) => ({
        id: r.name,
        path: r.path,
        loader: navigationLoader(r),
        element: <PageFor name={r.name} />,
      })),
    };
  });
  const DefaultLayout = LAYOUT_COMPONENTS.default;
  return [
    {
      element: <Root />,
      errorElement: <FatalErrorPage />,
      hydrateFallbackElement: <div className="loading" aria-busy="true" />,
      children: [...layoutRoutes, { element: <DefaultLayout />, children: [{ path: '*', element: <NotFoundPage /> }] }],
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
