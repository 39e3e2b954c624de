export {
  type CartHooks,
  type MemberPricingLine,
  type MemberUnit,
  registerCartHooks,
  type VoucherLine,
} from './cartHooks';
export { freezeLines, lockOrderLines, openLines } from './cartPath';
export { jobs } from './jobs';
export { loadCatalogueFor, presentLine } from './presentCart';
export { CART_LINE } from './responses';
export { addRenewalLine } from './services/addPassLine';
export { assertPassPoolHolders, type CheckoutLine, cartForCheckout } from './services/cartForCheckout';
