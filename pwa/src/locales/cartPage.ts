// The Japanese strings the cart page uses: checkout's and a pass item's (a pass line's note). A chunk of its own:
// the cart waits for it, not for the other checkout pages' (groups, konbini, pass holders; lib/i18n.ts;
// locales/firstLoad.test.ts checks it needs no other).
import { checkoutJa } from './checkout';
import { passItemJa } from './passItem';

export const cartPageJa = {
  checkout: checkoutJa,
  passes: passItemJa,
};
