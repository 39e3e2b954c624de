export { freezeLines, lockOrderLines, openLines } from './cartPath';
export { jobs } from './jobs';
export { type CheckoutLine, cartForCheckout } from './services/cartForCheckout';
