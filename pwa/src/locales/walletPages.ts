// The Japanese strings the wallet pages use: the wallet's own, the member cards' (passes), konbini's and of checkout's
// only the quantity steppers' (checkoutPurchase.ts; lib/i18n.ts; locales/firstLoad.test.ts checks they need no other).
// None of the ticket pages' own: the wallet names none of them.
import { checkoutPurchaseJa } from './checkoutPurchase';
import { konbiniJa } from './konbini';
import { passesJa } from './passes';
import { passVisitorJa } from './passVisitor';
import { walletJa } from './wallet';
import { walletPassesJa } from './walletPasses';

export const walletPagesJa = {
  checkout: checkoutPurchaseJa,
  wallet: walletJa,
  passes: passesJa,
  passVisitor: passVisitorJa,
  walletPasses: walletPassesJa,
  konbini: konbiniJa,
};
