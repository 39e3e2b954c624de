// The Japanese strings an item's page and its waiting room use: the item's (ticketItem.ts), checkout's purchase panel's
// (checkoutPurchase.ts), and of the wallet's only a lottery entry's states. A chunk of its own: those pages wait for it, not for
// every feature's (lib/i18n.ts; locales/firstLoad.test.ts checks they need no other).
import { checkoutPurchaseJa } from './checkoutPurchase';
import { lotteryStatusJa } from './lotteryStatus';
import { ticketItemJa } from './ticketItem';
import { waitingRoomJa } from './waitingRoom';

export const ticketPagesJa = {
  tickets: ticketItemJa,
  checkout: checkoutPurchaseJa,
  wallet: { lottery: { status: lotteryStatusJa } },
  waitingRoom: waitingRoomJa,
};
