// The markup of the first paint, as plain data: the body's shell (index.html), the header the app draws until its
// first page is ready (AppShell.tsx, through React) and the page's first screen the head's boot script draws into it
// before any of the app's code has loaded (pwa/src/boot/head.ts, through the DOM). One description for both, so the
// two draw the same (AppShell.test.tsx compares them): any difference is a jump on screen. No imports: the boot
// script inlines this module.

declare global {
  interface Window {
    /** The first screen the boot script drew into the first paint: for which path and page, with which pictures
     *  and (on the home) words. */
    zoopassFirstScreen?: FirstScreen;
    /** My Tickets' first screen as the body's boot script drew it (features/wallet/firstScreen.ts): the whole layout. */
    zoopassWalletFirstScreen?: { path: string; markup: Markup };
  }
}

export interface FirstScreenWords {
  heroTitle: string;
  heroLead: string;
  searchParks: string;
  onSaleTitle: string;
  seeAll: string;
}

export interface FirstScreen {
  path: string;
  page: 'home' | 'park' | 'item';
  /** The page's picture, or the home's first tickets on sale. */
  tiles: { id?: number; image: string }[];
  words?: FirstScreenWords;
}

/** An element: its tag, its attributes in the order both renderers give them, its children. */
export type Markup = [tag: string, attributes: Record<string, string>, ...children: (Markup | string)[]];

const BLANK = '\u00a0';

/** The header bar and the row of things to find (layouts/Header.tsx): its height, without its text. */
export const HEADER: Markup = [
  'header',
  { class: 'site-header' },
  [
    'div',
    { class: 'site-header__bar' },
    [
      'span',
      { class: 'brand' },
      ['img', { src: '/icons/icon.svg', alt: '', width: '36', height: '36' }],
      ['span', { class: 'brand__name' }, 'ZooPass'],
    ],
  ],
  [
    'nav',
    { class: 'site-nav', 'aria-hidden': 'true' },
    ['span', { class: 'site-nav__wide' }],
    ['span', {}],
    ['span', {}],
    ['span', {}],
    ['span', {}],
    ['span', { class: 'site-nav__wide' }],
  ],
];

/** The first screen's largest picture, the one whose paint lets the app's code be evaluated. */
export const FIRST_PICTURE = '.park-tiles img, .park-hero img';

/** The home's welcome and first row of tickets on sale, their words left blank (features/home/HomePage.tsx). */
function home(tiles: FirstScreen['tiles'], words: FirstScreenWords): Markup {
  const blank = (className: string): Markup => ['span', { class: className }, BLANK];
  return [
    'div',
    { class: 'stack stack--lg' },
    [
      'section',
      { class: 'hero' },
      [
        'div',
        { class: 'hero__text' },
        ['h1', {}, words.heroTitle],
        ['p', {}, words.heroLead],
        ['a', { class: 'button button--primary', href: '/find/parks' }, words.searchParks],
      ],
      ['img', { src: '/icons/icon.svg', alt: '', class: 'hero__art', width: '160', height: '160' }],
    ],
    [
      'section',
      { 'aria-labelledby': 'home-on-sale' },
      [
        'div',
        { class: 'section-head' },
        ['h2', { id: 'home-on-sale', class: 'section-title' }, words.onSaleTitle],
        ['a', { href: '/find/tickets/result?tab=available' }, words.seeAll],
      ],
      [
        'ul',
        { class: 'park-tiles' },
        ...tiles.map(
          (tile, i): Markup => [
            'li',
            {},
            [
              'a',
              { class: 'park-tile', href: `/items/${tile.id}` },
              [
                'img',
                {
                  src: tile.image,
                  alt: '',
                  width: '320',
                  height: '180',
                  loading: i < 2 ? 'eager' : 'lazy',
                  ...(i === 0 ? { fetchpriority: 'high' } : {}),
                },
              ],
              blank('park-tile__kind'),
              blank('park-tile__name'),
              blank('park-tile__place'),
            ],
          ],
        ),
      ],
    ],
  ];
}

/** The page's first screen in its <main>: a park's or an item's picture, or the home's; null without a picture. */
export function firstScreenMarkup(screen: FirstScreen): Markup | null {
  const [first] = screen.tiles;
  if (!first) return null;
  if (screen.page === 'home')
    return screen.words ? ['main', { class: 'page' }, home(screen.tiles, screen.words)] : null;
  return [
    'main',
    { class: 'page' },
    [
      'article',
      { class: screen.page === 'park' ? 'park-profile' : 'item-page' },
      ['header', { class: 'park-hero' }, ['img', { src: first.image, alt: '', width: '1280', height: '720' }]],
    ],
  ];
}

const VOID = new Set(['img', 'br', 'input', 'link', 'meta', 'hr']);
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Markup as HTML, for the boot script to set at once (the parser puts <svg> and its children in SVG's namespace). */
export function markupHtml(markup: Markup | string): string {
  if (typeof markup === 'string') return escapeText(markup);
  const [tag, attributes, ...children] = markup;
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${children.map(markupHtml).join('')}</${tag}>`;
}
