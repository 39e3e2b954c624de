// The lottery's part of an order's life (orders/orderHooks.ts): entering, authorised, failed.
import type { OrderHooks } from '../orders';
import { enterLottery, entryAuthorised, entryVoided } from './services/enterLottery';

export const lotteryOrderHooks: Pick<OrderHooks, 'enterLottery' | 'lotteryAuthorised' | 'lotteryOrderFailed'> = {
  enterLottery,
  lotteryAuthorised: entryAuthorised,
  lotteryOrderFailed: entryVoided,
};
