// The Japanese strings the wallet pages use: the ticket pages', the wallet's own and the member cards' (passes) (lib/i18n.ts;
// locales/firstLoad.test.ts checks they need no other).
import { checkoutJa } from './checkout';
import { konbiniJa } from './konbini';
import { passesJa } from './passes';
import { passVisitorJa } from './passVisitor';
import { ticketsJa } from './tickets';
import { walletJa } from './wallet';
import { walletPassesJa } from './walletPasses';

export const walletPagesJa = {
  tickets: ticketsJa,
  checkout: checkoutJa,
  wallet: walletJa,
  passes: passesJa,
  passVisitor: passVisitorJa,
  walletPasses: walletPassesJa,
  konbini: konbiniJa,
};
