// The Japanese strings the ticket pages (item, pack, seats, ticket search) use: their own, checkout's (the purchase
// panel), the annual passes' (a pass item's panel) and of the wallet's only a lottery entry's states. A chunk of its own: those pages wait for it, not for
// every feature's (lib/i18n.ts; locales/firstLoad.test.ts checks they need no other).
import { checkoutJa } from './checkout';
import { lotteryStatusJa } from './lotteryStatus';
import { passesJa } from './passes';
import { ticketsJa } from './tickets';
import { waitingRoomJa } from './waitingRoom';

export const ticketPagesJa = {
  tickets: ticketsJa,
  checkout: checkoutJa,
  wallet: { lottery: { status: lotteryStatusJa } },
  passes: passesJa,
  waitingRoom: waitingRoomJa,
};
