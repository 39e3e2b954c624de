// My Tickets' first screen as plain markup: the body's boot script (pwa/src/boot/body.ts) draws it from the early
// read of the stored wallet before any of the app's code has loaded, and AppShell draws the same until the page is
// ready, so the first cards are on screen in a few tens of milliseconds, offline too. It is what MyTicketsPage's
// first render shows (its layout, heading, note and first cards); firstScreen.test.tsx compares the two. No React,
// Dexie or i18next here: the boot script inlines this module, with the words the build gives it.
import type { WalletTicket } from '../../../../common/dto/wallet';
import type { Markup } from '../../app/firstScreen';
import type { StoredWallet } from '../../db/walletSnapshot';
import { formatDate, formatDateTime } from '../../lib/format';
import type { walletJa } from '../../locales/wallet';
import { type DisplayState, displayState, firstTickets, groupTickets, STATE_TONE } from './rules';

/** Cards rendered at once (more than a phone screen holds); the rest follow right after the first paint. */
export const FIRST_CARDS = 12;

/** The strings My Tickets' first screen shows, taken from the app's own (vite.config.ts). */
export interface MyTicketsWords {
  appName: string;
  title: string;
  history: string;
  lotteryLink: string;
  share: string;
  updating: string;
  lastUpdated: string;
  offlineNote: string;
  offlineNever: string;
  waitingSync: string;
  tickets: string;
  ticketsOne: string;
  time: string;
  seat: string;
  showQr: string;
  showQrFor: string;
  parkMap: string;
  openMapMode: string;
  states: Record<DisplayState, string>;
  unitKind: Record<'basic' | 'disability' | 'companion' | 'pack' | 'additional', string>;
}

/** The words from the app's strings of one language (the build's, vite.config.ts; the tests'). */
export const myTicketsWords = (appName: string, w: typeof walletJa): MyTicketsWords => ({
  appName,
  title: w.title,
  history: w.history,
  lotteryLink: w.lottery.link,
  share: w.share,
  updating: w.updating,
  lastUpdated: w.lastUpdated,
  offlineNote: w.offlineNote,
  offlineNever: w.offlineNever,
  waitingSync: w.waitingSync,
  tickets: w.tickets,
  // English has a singular (i18next's plural key); Japanese does not.
  ticketsOne: (w as { tickets_one?: string }).tickets_one ?? w.tickets,
  time: w.time,
  seat: w.seat,
  showQr: w.showQr,
  showQrFor: w.showQrFor,
  parkMap: w.parkMap,
  openMapMode: w.openMapMode,
  states: w.states,
  unitKind: w.unitKind,
});

/** i18next's `{{name}}` interpolation (the app's strings are not escaped by i18next: React escapes). */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** The holder line: unit kind and age group (an add-on voucher names its plan: 「追加プラン：餌やり体験」). */
export function holderLine(ticket: WalletTicket, unitKind: MyTicketsWords['unitKind']): string {
  if (ticket.unitKind === 'additional') return `${unitKind.additional}${ticket.planName ?? ''}`;
  const kind = unitKind[ticket.unitKind as keyof typeof unitKind] ?? ticket.unitKind;
  if (ticket.unitKind === 'basic' && ticket.ageGroupName) return ticket.ageGroupName;
  return ticket.ageGroupName ? `${kind}（${ticket.ageGroupName}）` : kind;
}

/** My Tickets' QR button icon (a QR pictogram). */
export const QR_ICON =
  'M3 3h7v7H3zm2 2v3h3V5zm9-2h7v7h-7zm2 2v3h3V5zM3 14h7v7H3zm2 2v3h3v-3zm9-2h3v3h-3zm3 3h4v4h-4zm-3 1h2v3h-2zm5-4h2v2h-2z';

/** What React Router's <Link> adds to its anchor. */
const LINK = { 'data-discover': 'true' };

const card = (ticket: WalletTicket, state: DisplayState, w: MyTicketsWords): Markup => {
  const meta: Markup[] = [];
  if (ticket.time) meta.push(['span', {}, fill(w.time, { time: ticket.time })]);
  meta.push(['span', {}, holderLine(ticket, w.unitKind)]);
  if (ticket.seatCode) meta.push(['span', {}, fill(w.seat, { code: ticket.seatCode })]);
  const main: Markup = [
    'a',
    { class: 'wallet-ticket__main', href: `/my-tickets/ticket/${encodeURIComponent(ticket.id)}`, ...LINK },
    ['span', { class: 'wallet-ticket__name' }, ticket.itemName],
    ['span', { class: 'wallet-ticket__meta' }, ...meta],
    [
      'span',
      { class: `ticket-state ticket-state--${STATE_TONE[state]}`, 'data-testid': 'ticket-state', 'data-state': state },
      w.states[state],
    ],
  ];
  const qr: Markup[] = ticket.token
    ? [
        [
          'button',
          {
            type: 'button',
            class: 'wallet-ticket__qr',
            'aria-label': fill(w.showQrFor, { name: ticket.itemName }),
            'data-testid': 'show-qr',
          },
          [
            'svg',
            { viewBox: '0 0 24 24', width: '26', height: '26', 'aria-hidden': 'true' },
            ['path', { d: QR_ICON, fill: 'currentColor' }],
          ],
          ['span', {}, w.showQr],
        ],
      ]
    : [];
  return ['li', { class: 'wallet-ticket', 'data-testid': 'wallet-ticket', 'data-ticket-id': ticket.id }, main, ...qr];
};

/**
 * A park's map, folded, and the way into map mode (MyTicketsPage's ParkMap): there whenever the park has a map, not
 * once its picture has been stored, so nothing moves the cards below when it comes. The pictures go inside the fold.
 */
export const parkMapMarkup = (park: WalletTicket['park'], w: MyTicketsWords): Markup[] =>
  park.mapImageUrls?.length
    ? [
        ['details', { class: 'wallet-map', 'data-testid': 'park-map' }, ['summary', {}, w.parkMap]],
        [
          'a',
          {
            class: 'button button--small wallet-map__open',
            href: `/maps/${park.id}`,
            'data-testid': 'open-map-mode',
            ...LINK,
          },
          w.openMapMode,
        ],
      ]
    : [];

/**
 * The layout of /my-tickets (the map layout's bar, without its language switch, which has no text height of its
 * own) with the page's first render in it; null where that render shows no card (no tickets: the page decides) or
 * shows member cards.
 */
export function myTicketsMarkup(
  wallet: StoredWallet,
  w: MyTicketsWords,
  locale: 'ja' | 'en',
  online: boolean,
): Markup | null {
  // Member cards come first on the page, drawn by it (not here): the page draws the whole screen then.
  if (wallet.memberCards?.length) return null;
  const groups = firstTickets(groupTickets(wallet.tickets), FIRST_CARDS);
  if (!groups.length) return null;
  const asOf = wallet.meta.find((m) => m.key === 'asOf')?.value;
  const at = asOf ? formatDateTime(asOf, locale) : null;
  const note: Markup = online
    ? ['p', { class: 'wallet-updated muted', 'data-testid': 'wallet-updated' }, w.updating]
    : [
        'p',
        { class: 'wallet-offline', role: 'status', 'data-testid': 'wallet-offline-note' },
        at ? fill(w.offlineNote, { at }) : w.offlineNever,
      ];
  const waiting = wallet.outbox.filter((e) => e.state === 'pending' || e.state === 'sending').length;
  const page: Markup = [
    'div',
    { class: 'wallet', 'data-testid': 'my-tickets' },
    [
      'div',
      { class: 'wallet-head' },
      ['h1', { class: 'wallet-head__title' }, w.title],
      [
        'nav',
        { class: 'wallet-head__links' },
        ['a', { href: '/my-tickets/history', ...LINK }, w.history],
        ['a', { href: '/my-tickets/lottery', 'data-testid': 'lottery-link', ...LINK }, w.lotteryLink],
        ['a', { href: '/my-tickets/ticket/share', ...LINK }, w.share],
      ],
    ],
    note,
    ...(waiting > 0
      ? [
          [
            'p',
            { class: 'wallet-waiting', 'data-testid': 'wallet-waiting' },
            fill(w.waitingSync, { count: waiting }),
          ] satisfies Markup,
        ]
      : []),
    ...groups.map(
      (g): Markup => [
        'section',
        { class: 'wallet-park', 'data-testid': 'wallet-park' },
        ['h2', { class: 'wallet-park__name' }, g.park.name],
        ...parkMapMarkup(g.park, w),
        ...g.dates.map(
          (d): Markup => [
            'div',
            { class: 'wallet-day', 'data-testid': 'wallet-day' },
            [
              'h3',
              { class: 'wallet-day__date' },
              ['time', { datetime: d.date }, formatDate(d.date, locale)],
              [
                'span',
                { class: 'wallet-day__count' },
                fill(d.total === 1 && locale === 'en' ? w.ticketsOne : w.tickets, { count: d.total }),
              ],
            ],
            ['ul', { class: 'wallet-tickets' }, ...d.tickets.map((t) => card(t, displayState(t, wallet.outbox), w))],
          ],
        ),
      ],
    ),
  ];
  return [
    'div',
    { class: 'layout layout--map', 'aria-busy': 'true' },
    [
      'div',
      { class: 'compact-bar' },
      [
        'a',
        { href: '/', class: 'brand', ...LINK },
        ['img', { src: '/icons/icon.svg', alt: '', width: '32', height: '32' }],
        ['span', { class: 'brand__name' }, w.appName],
      ],
    ],
    ['main', { id: 'main', class: 'map-main', tabindex: '-1' }, page],
  ];
}
