export { NODE_DIGESTS } from './digests';
export { jobs } from './jobs';
export { lotteryOrderHooks } from './orderHooks';
