// The Japanese strings the checkout pages (cart, payment, cards, coupons, coins, the konbini slip, a group's card
// payment) use: checkout's, a pass's (holders at add-info), a group's and konbini's. A chunk of its own: those pages
// wait for it, not for every feature's (lib/i18n.ts; locales/firstLoad.test.ts checks they need no other).
import { checkoutJa } from './checkout';
import { groupsJa } from './groups';
import { konbiniJa } from './konbini';
import { passesJa } from './passes';
import { passVisitorJa } from './passVisitor';

export const checkoutPagesJa = {
  checkout: checkoutJa,
  groups: groupsJa,
  konbini: konbiniJa,
  passes: passesJa,
  passVisitor: passVisitorJa,
};
