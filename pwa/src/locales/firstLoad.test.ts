import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featuresJa } from './features';
import ja from './ja';

// The home page and the app around every page (header, tab bar, footer, error and offline pages) render with the
// app's strings alone (locales/ja.ts, shipped with the app); the features' strings (locales/features.ts) are a
// chunk that every other page waits for. A feature key used here would show as a raw key on the home page.
const src = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
const firstLoad = [
  ...files(join(src, 'app')),
  ...files(join(src, 'features', 'home')),
  ...['QueryState', 'OfflinePage', 'ErrorPage', 'LanguageSwitch', 'Icon'].map((n) =>
    join(src, 'lib', 'components', `${n}.tsx`),
  ),
];

describe('strings of the first load', () => {
  it('the home page and the app shell use no feature strings', () => {
    const features = Object.keys(featuresJa);
    const used = firstLoad.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)].map((m) => ({
        file: relative(src, file),
        top: m[1] as string,
      })),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((u) => features.includes(u.top))).toEqual([]);
    expect(used.filter((u) => !(u.top in ja))).toEqual([]);
  });
});

// The catalogue pages wait for the catalogue's strings alone, the ticket pages and the wallet pages for theirs
// (app/router.tsx CATALOGUE_PAGES, TICKET_PAGES and WALLET_PAGES, lib/i18n.ts): their features' files and the shared
// components they use may name no other feature's strings, and every key of those they name is in what they load.
describe.each([
  {
    scope: 'catalogue',
    features: ['parks', 'livingThings', 'stories', 'library', 'pages'],
    groups: ['catalogue'],
    bundle: async () => ({ catalogue: (await import('./catalogue')).catalogueJa }),
  },
  {
    scope: 'tickets',
    features: ['tickets'],
    groups: ['tickets', 'checkout', 'wallet', 'passes', 'waitingRoom'],
    // A pass's form loads its strings with it (below).
    except: ['PassPurchaseForm.tsx'],
    bundle: async () => (await import('./ticketSearchPages')).ticketSearchPagesJa,
  },
  {
    // A pass item's form (features/tickets/ItemPurchasePanel.tsx passForm): an item page's strings and a pass
    // item's, which it loads with its code.
    scope: 'passForm',
    features: ['tickets'],
    only: ['PassPurchaseForm.tsx'],
    groups: ['tickets', 'checkout', 'passes'],
    bundle: async () => ({
      ...(await import('./ticketPages')).ticketPagesJa,
      passes: (await import('./passItem')).passItemJa,
    }),
  },
  {
    // An item's pages: the item, its panel (a pass's form, a lottery's rounds, the waitlist) and its waiting room.
    scope: 'item',
    features: ['tickets'],
    only: [
      'ItemPage.tsx',
      'ItemPurchasePanel.tsx',
      'PassPoolChoice.tsx',
      'WaitlistJoin.tsx',
      'LotteryRound.tsx',
      'labels.tsx',
      'purchase.ts',
      'passPurchase.ts',
      'useAddToCart.tsx',
      'FavoriteButton.tsx',
      'purchaseApi.ts',
      'ticketsApi.ts',
      'waitingRoom.ts',
      'waitingRoomApi.ts',
      'WaitingRoomPage.tsx',
    ],
    groups: ['tickets', 'checkout', 'wallet', 'waitingRoom'],
    bundle: async () => (await import('./ticketPages')).ticketPagesJa,
  },
  {
    // My Tickets alone: its page and the wallet modules it renders with (locales/myTickets.ts).
    scope: 'myTickets',
    features: ['wallet'],
    only: [
      'MyTicketsPage.tsx',
      'components.tsx',
      'KonbiniPending.tsx',
      'RefundsOwed.tsx',
      'rules.ts',
      'firstScreen.ts',
      'memberCards.ts',
      'refundApi.ts',
      'prime.ts',
      'walletSync.ts',
    ],
    groups: ['wallet', 'passes', 'konbini'],
    bundle: async () => (await import('./myTickets')).myTicketsJa,
  },
  {
    scope: 'wallet',
    features: ['wallet'],
    groups: ['checkout', 'wallet', 'passes', 'passVisitor', 'walletPasses', 'konbini'],
    bundle: async () => (await import('./walletPages')).walletPagesJa,
  },
  {
    scope: 'checkout',
    features: ['checkout'],
    groups: ['checkout', 'groups', 'konbini', 'passes', 'passVisitor'],
    bundle: async () => (await import('./checkoutPages')).checkoutPagesJa,
  },
  {
    // The cart alone: its page and the checkout modules it imports.
    scope: 'cart',
    features: ['checkout'],
    only: ['CartPage.tsx', 'components.tsx', 'GuestVoucherControl.tsx', 'rules.ts', 'passHolders.ts', 'passApi.ts'],
    groups: ['checkout', 'passes'],
    bundle: async () => (await import('./cartPage')).cartPageJa,
  },
  {
    scope: 'maps',
    features: ['maps'],
    groups: ['maps'],
    bundle: async () => ({ maps: (await import('./maps')).mapsJa }),
  },
] as {
  scope: string;
  features: string[];
  only?: string[];
  except?: string[];
  groups: string[];
  bundle: () => Promise<Record<string, unknown>>;
}[])('strings of the $scope pages', ({ scope, features, only, except, groups, bundle }) => {
  const router = readFileSync(join(src, 'app', 'router.tsx'), 'utf8');

  it('every such page is a page of those features', async () => {
    const { CATALOGUE_PAGES, ITEM_PAGES, TICKET_PAGES, WALLET_PAGES, CART_PAGES, CHECKOUT_PAGES, MAP_PAGES } =
      await import('../app/router');
    const pages = {
      catalogue: CATALOGUE_PAGES,
      tickets: TICKET_PAGES,
      item: ITEM_PAGES,
      passForm: ITEM_PAGES,
      myTickets: new Set(['my-tickets']),
      wallet: new Set(Object.keys(WALLET_PAGES)),
      cart: CART_PAGES,
      checkout: CHECKOUT_PAGES,
      maps: MAP_PAGES,
    }[scope] as Set<string>;
    const featureOf = new Map<string | undefined, string | undefined>([
      ...[...router.matchAll(/'?([a-z-]+)'?: \(\) => import\('\.\.\/features\/(\w+)\//g)].map(
        (m) => [m[1], m[2]] as const,
      ),
      // The wallet's pages (walletPage: each waits for the first read too).
      ...[...router.matchAll(/'?([a-z-]+)'?: walletPage\(/g)].map((m) => [m[1], 'wallet'] as const),
    ]);
    expect(pages.size).toBeGreaterThan(
      scope === 'maps'
        ? 1
        : scope === 'cart' || scope === 'myTickets'
          ? 0
          : scope === 'item' || scope === 'passForm'
            ? 2
            : 5,
    );
    for (const name of pages) expect([name, featureOf.get(name)]).toEqual([name, expect.toBeOneOf(features)]);
  });

  it('their files and the shared components they use name no other feature strings', () => {
    const own = features
      .flatMap((f) => files(join(src, 'features', f)))
      .filter((file) => !only || only.some((name) => file.endsWith(`/${name}`)))
      .filter((file) => !except?.some((name) => file.endsWith(`/${name}`)));
    const components = new Set(
      own.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from '(?:\.\.\/)+lib\/components\/(\w+)'/g)].map((m) =>
          join(src, 'lib', 'components', `${m[1]}.tsx`),
        ),
      ),
    );
    const others = Object.keys(featuresJa).filter((f) => !groups.includes(f));
    const used = [...own, ...components].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['`"](\w+)\.[a-zA-Z]/g)]
        .map((m) => m[1] as string)
        .filter((top) => others.includes(top))
        .map((top) => ({ file: relative(src, file), top })),
    );
    // Map mode draws with no shared component.
    expect(components.size).toBeGreaterThan(
      scope === 'maps' ? -1 : scope === 'myTickets' ? 0 : scope === 'cart' || scope === 'passForm' ? 1 : 2,
    );
    expect(used).toEqual([]);
  });

  it('every key of their groups they name is in the strings they wait for', async () => {
    const strings: Record<string, unknown> = await bundle();
    const own = features
      .flatMap((f) => files(join(src, 'features', f)))
      .filter((file) => !only || only.some((name) => file.endsWith(`/${name}`)))
      .filter((file) => !except?.some((name) => file.endsWith(`/${name}`)));
    const keys = own.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['`"]((\w+)\.[\w.]+)/g)]
        .filter((m) => groups.includes(m[2] as string))
        // A key built from a template (`wallet.lottery.status.${s}`) names its parent object.
        .map((m) => ({ file: relative(src, file), key: (m[1] as string).replace(/\.$/, '') })),
    );
    const missing = keys.filter(
      ({ key }) =>
        key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings) ===
        undefined,
    );
    expect(keys.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
