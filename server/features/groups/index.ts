// Group visits (issue 31): requests with exemption documents, staff decisions holding places through the stock
// ledger, paid by card or by invoice (bank transfer; the order and tickets through orders), unpaid releases.
export { jobs } from './jobs';
export { groupRoutes } from './routes';
export { groupOrderAwaited, groupOrderPaid } from './services/groupOrderPaid';
export { staffGroupRoutes } from './staffRoutes';
