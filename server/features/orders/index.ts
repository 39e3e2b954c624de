export { coinBalance, returnCoins, takeBackRewardCoins } from './coins';
export { jobs } from './jobs';
export { businessDate, dateTime, FOOTER, render, yen } from './mailFormat';
export {
  type IssuingLine,
  type IssuingOrder,
  type LotteryEntryInput,
  type OrderHooks,
  registerOrderHooks,
} from './orderHooks';
export { setOrderState } from './orderStore';
export { requirePaymentProfile } from './paymentProfile';
export { fulfilLotteryWin, voidAuthorisedOrder } from './services/fulfilOrder';
export { type GroupOrderSpec, insertGroupOrder, payGroupOrder } from './services/payGroupOrder';
export { payPlacedOrder } from './services/payPlacedOrder';
export { insertOfferOrder } from './services/placeOfferOrder';
