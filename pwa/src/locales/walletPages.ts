// The Japanese strings the wallet pages use: the ticket pages' and the wallet's own (lib/i18n.ts;
// locales/firstLoad.test.ts checks they need no other).
import { checkoutJa } from './checkout';
import { ticketsJa } from './tickets';
import { walletJa } from './wallet';

export const walletPagesJa = { tickets: ticketsJa, checkout: checkoutJa, wallet: walletJa };
