// The Japanese strings the other ticket pages (ticket search and results, packs, seats) use: an item page's and the
// search's and packs' (lib/i18n.ts; locales/firstLoad.test.ts checks they need no other).
import { checkoutPurchaseJa } from './checkoutPurchase';
import { ticketPagesJa } from './ticketPages';
import { ticketsJa } from './tickets';

export const ticketSearchPagesJa = { ...ticketPagesJa, tickets: ticketsJa, checkout: checkoutPurchaseJa };
