// Annual passes (issue 29): member cards, visits; the pass products' reader is items/passProducts.ts, the passes'
// writer the ticket ledger (wallet/ticketLedger.ts).

// The ledger's pass moves, for the back office (passes/office) and the visitor's reissue (README 2.6, 2.10).
export { reinstatePassHolder, reissueHolderCard, suspendPassHolder } from '../wallet';
export { jobs } from './jobs';
// The photos chosen at purchase, linked at fulfilment (orders' hook passesIssued, registered by server.ts).
export { linkPurchasePhotos } from './photos';
export { passReviewRoutes } from './reviewRoutes';
export { passRoutes } from './routes';
// The member discount in the cart (carts' hook memberPricing, registered by server.ts; README 2.11).
export {
  guestVoucherPricing,
  guestVouchersFollowOrder,
  holdGuestVouchers,
  voucherOffers,
  voucherRoom,
} from './services/guestVouchers';
export { memberPricing } from './services/memberPricing';
// A member card as a wallet pass (walletPasses; issue 32).
export { type MemberWalletCard, memberWalletCard, memberWalletCardOfTerm } from './services/memberWalletCard';
// Who may book the places set aside for holders on timed items (carts' hook passPoolHolders; README 2.11).
export { passPoolHolders } from './services/passPoolHolders';
