// The Japanese strings the ticket pages (item, pack, seats, ticket search) use: their own, checkout's (the purchase
// panel) and wallet's (a lottery entry's state). A chunk of its own: those pages wait for it, not for every
// feature's (lib/i18n.ts; locales/firstLoad.test.ts checks they need no other).
import { checkoutJa } from './checkout';
import { ticketsJa } from './tickets';
import { walletJa } from './wallet';

export const ticketPagesJa = { tickets: ticketsJa, checkout: checkoutJa, wallet: walletJa };
