export { type AddCartLineResult, addCartLineStatement, hotKeyOf } from './addCartLines';
export { auditHolds, type HoldAuditEntry } from './audit';
export {
  assertItemSellable,
  assertPackSellable,
  assertVisible,
  basicPlanOf,
  type CatalogueItem,
  type CataloguePack,
  cachedRead,
  loadItems,
  loadPacks,
  reasonOnLoadedDate,
} from './catalogue';
export {
  type FreeSale,
  holdFree,
  type LockedHold,
  lockHolds,
  lockLineHolds,
  releaseHolds,
  releaseLockedHolds,
  resizeHolds,
  returnSold,
  sellFromFree,
  sellHolds,
} from './ledger';
export { openLotteryFor, type SaleRound } from './lotteryRounds';
export { ensureStockUnits, type UnitSpec, unitKey } from './queries';
export { passPlacesOf } from './services/getPassPlaces';
export { freeSeats, holdSeats, seatIdsOf } from './services/seats';
