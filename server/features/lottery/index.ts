export { jobs } from './jobs';
export { lotteryOrderHooks } from './orderHooks';
