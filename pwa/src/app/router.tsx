import { Component, type ComponentType, type ReactNode, startTransition, useEffect, useState } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  createPath,
  type Location,
  matchRoutes,
  type NavigationType,
  type RouteObject,
  Router,
  useRoutes,
} from 'react-router';
import { LAYOUTS, ROUTES, type RouteDef } from '../../../common/routes';
import { ensureFeatureStrings, type FeatureStrings } from '../lib/i18n';
import type { PrefetchingPage } from '../lib/prefetch';
import { loadSession } from '../lib/sessionService';
import { AppShell } from './AppShell';
import { ComingSoonPage } from './ComingSoonPage';
import { FatalErrorPage } from './FatalErrorPage';
import { LAYOUT_COMPONENTS } from './layouts/Layouts';
import { NotFoundPage } from './NotFoundPage';
import { runNavigation } from './navigation';
import { Root } from './Root';
import { store } from './store';

// Every page's code is loaded by the navigation itself, in parallel with the session check, and the page renders
// once it is there: no Suspense fallback replaced by the page a moment later (a layout shift), and on a first visit
// the page's chunk starts downloading as soon as the router runs. The navigations are this module's own (createRouter
// below), on react-router's declarative <Router>: its data router (createBrowserRouter, loaders, redirect) was 17 KB
// of JavaScript gzip in every page's first load, of which this used only the loader before each page. Wallet pages also wait for their first IndexedDB
// read (features/wallet/prime.ts), so they render at once with their tickets and QR codes, also offline; each is a
// chunk of its own, loaded by features/wallet/pages.ts.
type WalletPageName = import('../features/wallet/pages').WalletPageName;
const walletPage = (name: WalletPageName) => () =>
  import('../features/wallet/pages').then((m) => m.loadWalletPage(name));
export const WALLET_PAGES: Partial<Record<string, () => Promise<ComponentType>>> = {
  'my-tickets': walletPage('MyTicketsPage'),
  'my-tickets-history': walletPage('HistoryPage'),
  'my-tickets-lottery': walletPage('LotteryPage'),
  'my-tickets-waitlist-offer': walletPage('WaitlistOfferPage'),
  'my-tickets-refund': walletPage('RefundAccountPage'),
  'my-ticket': walletPage('TicketPage'),
  'my-tickets-pass': walletPage('MemberCardPage'),
  'my-tickets-pass-visits': walletPage('PassVisitsPage'),
  'my-tickets-pass-renew': walletPage('PassRenewPage'),
  'my-ticket-detail': walletPage('DetailPage'),
  'my-ticket-advance-information': walletPage('AdvanceInformationPage'),
  'my-ticket-share': walletPage('SharePage'),
  'my-ticket-share-receive': walletPage('ShareReceivePage'),
  'product-trigger': walletPage('TriggerPage'),
};
const loadedPages = new Map<string, PrefetchingPage>();

/** How long a navigation waits for its page's first reads before showing the page anyway (with its loading state). */
const PREFETCH_WAIT_MS = 2500;

/** Pages by route name. Routes of the table without a page yet show the "being prepared" page. */
const PAGES: Partial<Record<string, () => Promise<ComponentType>>> = {
  'my-tickets-receipt': () => import('../features/receipts/ReceiptPage').then((m) => m.default),
  'groups-request': () => import('../features/groups/GroupRequestPage').then((m) => m.default),
  'groups-requests': () => import('../features/groups/MyGroupRequestsPages').then((m) => m.MyGroupRequestsPage),
  'groups-request-detail': () => import('../features/groups/MyGroupRequestsPages').then((m) => m.MyGroupRequestPage),
  'groups-request-pay': () => import('../features/checkout/GroupCardPaymentPage').then((m) => m.default),
  'staff-office-groups': () => import('../features/groups/OfficeGroupsPages').then((m) => m.OfficeGroupsPage),
  'staff-office-group': () => import('../features/groups/OfficeGroupsPages').then((m) => m.OfficeGroupPage),
  home: () => import('../features/home/HomePage').then((m) => m.default),
  'find-parks': () => import('../features/parks/FindParksPage').then((m) => m.default),
  'find-parks-result': () => import('../features/parks/ParkResultPage').then((m) => m.default),
  'find-tickets': () => import('../features/tickets/FindTicketsPage').then((m) => m.default),
  'find-tickets-result': () => import('../features/tickets/TicketResultPage').then((m) => m.default),
  item: () => import('../features/tickets/ItemPage').then((m) => m.default),
  'item-queue': () => import('../features/tickets/WaitingRoomPage').then((m) => m.default),
  'private-item': () => import('../features/tickets/ItemPage').then((m) => m.PrivateItemPage),
  'ticket-pack': () => import('../features/tickets/TicketPackPage').then((m) => m.default),
  'private-ticket-pack': () => import('../features/tickets/TicketPackPage').then((m) => m.PrivateTicketPackPage),
  'profile-park': () => import('../features/parks/ParkProfilePage').then((m) => m.default),
  'private-park': () => import('../features/parks/ParkProfilePage').then((m) => m.PrivateParkProfilePage),
  signin: () => import('../features/account/SignInPage').then((m) => m.default),
  register: () => import('../features/account/RegisterPage').then((m) => m.default),
  'register-email': () => import('../features/account/RegisterEmailPage').then((m) => m.default),
  'register-notify': () => import('../features/account/RegisterNotifyPage').then((m) => m.default),
  'register-provider': () => import('../features/account/RegisterProviderPage').then((m) => m.default),
  'email-verify': () => import('../features/account/EmailVerifyPage').then((m) => m.default),
  'social-callback': () => import('../features/account/SocialCallbackPage').then((m) => m.default),
  'user-registration': () => import('../features/account/UserRegistrationPage').then((m) => m.default),
  'forgot-password': () => import('../features/account/ForgotPasswordPage').then((m) => m.default),
  'forgot-password-notify': () => import('../features/account/ForgotPasswordNotifyPage').then((m) => m.default),
  'reset-password': () => import('../features/account/ResetPasswordPage').then((m) => m.default),
  'reset-password-notify': () => import('../features/account/ResetPasswordNotifyPage').then((m) => m.default),
  me: () => import('../features/account/MePage').then((m) => m.default),
  'me-settings': () => import('../features/account/SettingsPage').then((m) => m.default),
  'me-account-information': () => import('../features/account/AccountInformationPage').then((m) => m.default),
  'me-change-icon': () => import('../features/account/ChangeIconPage').then((m) => m.default),
  'me-password': () => import('../features/account/PasswordPage').then((m) => m.default),
  'me-notification': () => import('../features/account/NotificationPage').then((m) => m.default),
  'me-family-account': () => import('../features/account/FamilyAccountPage').then((m) => m.default),
  'me-family-account-create': () => import('../features/account/FamilyAccountFormPage').then((m) => m.default),
  'me-family-account-edit': () =>
    import('../features/account/FamilyAccountFormPage').then((m) => m.EditFamilyAccountPage),
  'find-living-thing': () => import('../features/livingThings/FindLivingThingPage').then((m) => m.default),
  'find-living-thing-result': () => import('../features/livingThings/LivingThingResultPage').then((m) => m.default),
  'profile-living-thing': () => import('../features/livingThings/LivingThingPage').then((m) => m.default),
  'profile-park-living-thing': () => import('../features/livingThings/ParkLivingThingPage').then((m) => m.default),
  'profile-park-user': () => import('../features/stories/ParkUserPage').then((m) => m.default),
  story: () => import('../features/stories/StoryPage').then((m) => m.default),
  'private-story': () => import('../features/stories/StoryPage').then((m) => m.PrivateStoryPage),
  'find-stories': () => import('../features/stories/FindStoriesPage').then((m) => m.default),
  'find-stories-result': () => import('../features/stories/StoryResultPage').then((m) => m.default),
  'me-follows': () => import('../features/library/FollowsPage').then((m) => m.default),
  'me-library': () => import('../features/library/LibraryPage').then((m) => m.default),
  page: () => import('../features/pages/ContentPage').then((m) => m.default),
  'about-us': () => import('../features/pages/ContentPage').then((m) => m.AboutUsPage),
  corporations: () => import('../features/pages/ContentPage').then((m) => m.CorporationsPage),
  'user-guide': () => import('../features/pages/ContentPage').then((m) => m.UserGuidePage),
  cart: () => import('../features/checkout/CartPage').then((m) => m.default),
  'cart-add-info': () => import('../features/checkout/AddInfoPage').then((m) => m.default),
  'cart-payment': () => import('../features/checkout/PaymentPage').then((m) => m.default),
  'cart-credit-card': () => import('../features/checkout/CreditCardPage').then((m) => m.default),
  'cart-payment-completed': () => import('../features/checkout/PaymentCompletedPage').then((m) => m.default),
  'payment-error': () => import('../features/checkout/PaymentErrorPage').then((m) => m.default),
  'payment-gmo-callback': () => import('../features/checkout/PaymentCallbackPage').then((m) => m.default),
  'payment-konbini': () => import('../features/checkout/KonbiniSlipPage').then((m) => m.default),
  'seat-reservation': () => import('../features/tickets/SeatReservationPage').then((m) => m.default),
  'me-my-coupon': () => import('../features/checkout/CouponsPage').then((m) => m.default),
  'me-wallet-histories': () => import('../features/checkout/CoinHistoryPage').then((m) => m.default),
  'me-registered-credit-card': () => import('../features/checkout/CardsPage').then((m) => m.default),
  'me-register-card': () => import('../features/checkout/CardsPage').then((m) => m.RegisterCardPage),
  map: () => import('../features/maps/pages').then((m) => m.MapPage),
  'map-route': () => import('../features/maps/pages').then((m) => m.RoutePage),
  staff: () => import('../features/staff/StaffPage').then((m) => m.default),
  'staff-scan': () => import('../features/staff/ScanPage').then((m) => m.default),
  'staff-scans': () => import('../features/staff/ReviewPage').then((m) => m.default),
  'me-settings-two-factor': () => import('../features/account/TwoFactorPage').then((m) => m.default),
  'staff-office': () => import('../features/backOffice/OfficePages').then((m) => m.OfficeHomePage),
  'staff-office-stories': () => import('../features/backOffice/OfficePages').then((m) => m.OfficeStoriesPage),
  'staff-office-members': () => import('../features/backOffice/OfficePages').then((m) => m.OfficeMembersPage),
  'staff-office-audit': () => import('../features/backOffice/AuditPage').then((m) => m.OfficeAuditPage),
  'staff-office-bank-transfers': () =>
    import('../features/backOffice/BankTransfersPage').then((m) => m.OfficeBankTransfersPage),
  'staff-office-items': () => import('../features/backOffice/CataloguePages').then((m) => m.OfficeItemsPage),
  'staff-office-profile': () => import('../features/backOffice/CataloguePages').then((m) => m.OfficeProfilePage),
  'staff-office-map': () => import('../features/backOffice/MapEditorPage').then((m) => m.MapEditorPage),
  'staff-invitation': () => import('../features/backOffice/OfficePages').then((m) => m.InvitationPage),
  'staff-office-orders': () => import('../features/backOffice/FinancePages').then((m) => m.OfficeOrdersPage),
  'staff-office-order': () => import('../features/backOffice/FinancePages').then((m) => m.OfficeOrderPage),
  'staff-office-reports': () => import('../features/backOffice/FinancePages').then((m) => m.OfficeReportPage),
  'staff-office-stock': () => import('../features/backOffice/StockPage').then((m) => m.OfficeStockPage),
  'staff-office-waiting-room': () =>
    import('../features/backOffice/WaitingRoomOfficePage').then((m) => m.OfficeWaitingRoomPage),
  'staff-office-passes': () => import('../features/backOffice/PassPages').then((m) => m.OfficePassesPage),
  'staff-office-pass-holders': () =>
    import('../features/backOffice/PassHolderPages').then((m) => m.OfficePassHoldersPage),
  'staff-office-pass-holder': () =>
    import('../features/backOffice/PassHolderPages').then((m) => m.OfficePassHolderPage),
  'staff-office-pass-photos': () =>
    import('../features/backOffice/PassPhotoReviewPage').then((m) => m.PassPhotoReviewPage),
};

/** Pages of the catalogue features (parks, livingThings, stories, library, pages): they use the catalogue's strings
 *  only (locales/firstLoad.test.ts checks it), so they wait for those and not for every feature's. */
export const CATALOGUE_PAGES = new Set([
  'find-parks',
  'find-parks-result',
  'profile-park',
  'private-park',
  'find-living-thing',
  'find-living-thing-result',
  'profile-living-thing',
  'profile-park-living-thing',
  'profile-park-user',
  'story',
  'private-story',
  'find-stories',
  'find-stories-result',
  'me-follows',
  'me-library',
  'page',
  'about-us',
  'corporations',
  'user-guide',
]);

/** An item's pages: they use the item's strings of the tickets feature only (locales/ticketPages.ts), not the
 *  search's and packs' (locales/firstLoad.test.ts). */
export const ITEM_PAGES = new Set(['item', 'item-queue', 'private-item']);

/** Pages of the tickets feature: they use its strings, checkout's and a lottery entry's states only
 *  (locales/firstLoad.test.ts); the wallet pages the wallet's too. */
export const TICKET_PAGES = new Set([
  'item',
  'item-queue',
  'private-item',
  'ticket-pack',
  'private-ticket-pack',
  'find-tickets',
  'find-tickets-result',
  'seat-reservation',
]);

/** Pages of the checkout feature: they use its strings, a pass's, a group's and konbini's only
 *  (locales/firstLoad.test.ts). */
export const CHECKOUT_PAGES = new Set([
  'cart',
  'cart-add-info',
  'cart-payment',
  'cart-credit-card',
  'cart-payment-completed',
  'payment-error',
  'payment-gmo-callback',
  'payment-konbini',
  'groups-request-pay',
  'me-my-coupon',
  'me-wallet-histories',
  'me-registered-credit-card',
  'me-register-card',
]);

/** The cart: checkout's strings and a pass item's only (locales/firstLoad.test.ts), not the other checkout pages'
 *  (groups, konbini, pass holders). */
export const CART_PAGES = new Set(['cart']);

/** Map mode's pages: the maps' strings only (locales/firstLoad.test.ts). */
export const MAP_PAGES = new Set(['map', 'map-route']);

const stringsOf = (route: string): FeatureStrings =>
  CATALOGUE_PAGES.has(route)
    ? 'catalogue'
    : ITEM_PAGES.has(route)
      ? 'tickets'
      : TICKET_PAGES.has(route)
        ? 'ticketSearch'
        : route === 'my-tickets'
          ? 'myTickets'
          : route in WALLET_PAGES
            ? 'wallet'
            : CART_PAGES.has(route)
              ? 'cart'
              : CHECKOUT_PAGES.has(route)
                ? 'checkout'
                : MAP_PAGES.has(route)
                  ? 'maps'
                  : 'all';

let initialNavigation = true;
let previousRouteName: string | null = null;

/** What a navigation ends with: the page may show, or the address to go to instead (replacing this one). */
type Loaded = { redirect: string } | null;

/** Before a page shows: its code, the session and the route's guards, its strings and its first reads. */
async function navigationLoader(route: RouteDef, params: Record<string, string>, url: URL): Promise<Loaded> {
  const load = loadedPages.has(route.name) ? undefined : (WALLET_PAGES[route.name] ?? PAGES[route.name]);
  const page = load?.().catch(() => undefined);
  // The home page speaks with the app's own strings; every other page needs its feature's too.
  const strings = route.name === 'home' ? undefined : ensureFeatureStrings(stringsOf(route.name));
  // A first navigation has history only when it is a reload of an in-app entry (the history's idx > 0).
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  const historyIndex = initialNavigation ? idx : Math.max(1, idx);
  initialNavigation = false;
  const outcome = await runNavigation(
    { route, params, url, historyIndex, previousRouteName },
    {
      loadSession,
      scrollToTop: () => window.scrollTo(0, 0),
    },
  );
  if (outcome.kind === 'redirect') return { redirect: outcome.to };
  if (outcome.kind === 'reload') {
    window.location.assign(outcome.to);
    return new Promise<never>(() => {});
  }
  previousRouteName = route.name;
  await strings;
  const loaded: PrefetchingPage | undefined = loadedPages.get(route.name) ?? (await page);
  if (!loaded) return null;
  loadedPages.set(route.name, loaded);
  const reads = loaded.prefetch?.({ params, url, dispatch: store.dispatch });
  if (reads) {
    await Promise.race([reads.catch(() => undefined), new Promise((r) => setTimeout(r, PREFETCH_WAIT_MS))]);
  }
  return null;
}

function PageFor({ name }: { name: string }) {
  const Loaded = loadedPages.get(name);
  if (Loaded) return <Loaded />;
  // A page whose code could not be loaded shows the fallback page; a route without a page yet, "being prepared".
  return WALLET_PAGES[name] || PAGES[name] ? <FatalErrorPage /> : <ComingSoonPage />;
}

const ROUTE_BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

export function buildRoutes(): RouteObject[] {
  const layoutRoutes: RouteObject[] = LAYOUTS.map((layout) => {
    const LayoutComponent = LAYOUT_COMPONENTS[layout];
    return {
      element: <LayoutComponent />,
      children: ROUTES.filter((r) => (r.layout ?? 'default') === layout).map((r) => ({
        id: r.name,
        path: r.path,
        element: <PageFor name={r.name} />,
      })),
    };
  });
  const DefaultLayout = LAYOUT_COMPONENTS.default;
  return [
    {
      element: <Root />,
      children: [...layoutRoutes, { element: <DefaultLayout />, children: [{ path: '*', element: <NotFoundPage /> }] }],
    },
  ];
}

/** The location on screen: the page of the last navigation that ended (the previous one stays until then). */
export interface Shown {
  location: Location;
  action: NavigationType;
  /** A navigation that failed: the error page instead of the app's. */
  error?: unknown;
}

export interface AppRouter {
  routes: RouteObject[];
  history: ReturnType<typeof createBrowserHistory>;
  /** Null until the first navigation has ended (the app shell stands in). */
  shown(): Shown | null;
  subscribe(listener: () => void): () => void;
  navigate(to: string): void;
}

/**
 * The app's navigations: each change of the browser's address (a link, navigate(), back and forward) runs the
 * route's loader (navigationLoader), and the new location is shown once it has ended; a newer navigation makes an
 * older one's end count for nothing. The first navigation starts here, before React renders anything.
 */
export function createRouter(): AppRouter {
  const routes = buildRoutes();
  const history = createBrowserHistory({ v5Compat: true });
  const listeners = new Set<() => void>();
  let shown: Shown | null = null;
  let latest = 0;
  const show = (next: Shown) => {
    shown = next;
    for (const listener of listeners) listener();
  };
  const run = async (location: Location, action: NavigationType) => {
    const id = ++latest;
    try {
      const leaf = matchRoutes(routes, location)?.at(-1);
      const route = leaf?.route.id ? ROUTE_BY_NAME.get(leaf.route.id) : undefined;
      const outcome = route
        ? await navigationLoader(
            route,
            leaf?.params as Record<string, string>,
            new URL(createPath(location), window.location.origin),
          )
        : null;
      if (id !== latest) return;
      if (outcome) history.replace(outcome.redirect);
      else show({ location, action });
    } catch (error) {
      if (id === latest) show({ location, action, error });
    }
  };
  history.listen(({ action, location }) => void run(location, action));
  void run(history.location, history.action);
  return {
    routes,
    history,
    shown: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: (to) => history.push(to),
  };
}

/** A page that throws while rendering: the error page in place of the app, until the next navigation. */
class RenderErrorBoundary extends Component<{ children: ReactNode; locationKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }
  override componentDidUpdate(previous: { locationKey: string }) {
    if (previous.locationKey !== this.props.locationKey && this.state.error !== undefined) {
      this.setState({ error: undefined });
    }
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <FatalErrorPage error={this.state.error} />;
  }
}

function ShownRoutes({ routes, shown }: { routes: RouteObject[]; shown: Shown }) {
  const element = useRoutes(routes, shown.location);
  return shown.error === undefined ? element : <FatalErrorPage error={shown.error} />;
}

/** The app's routes on screen: the app shell until the first navigation has ended, then the page shown. */
export function AppRoutes({ router }: { router: AppRouter }) {
  const [shown, setShown] = useState(router.shown);
  useEffect(() => {
    // A navigation may have ended between the first render and this subscription: read it again here.
    const update = () => startTransition(() => setShown(router.shown()));
    const unsubscribe = router.subscribe(update);
    update();
    return unsubscribe;
  }, [router]);
  if (!shown) return <AppShell />;
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={router.history}>
      <RenderErrorBoundary locationKey={shown.location.key}>
        <ShownRoutes routes={router.routes} shown={shown} />
      </RenderErrorBoundary>
    </Router>
  );
}
