// Group visits (issue 31): requests with exemption documents, staff decisions holding places through the stock
// ledger, invoices paid by bank transfer (the order and tickets through orders' payGroupOrder), unpaid releases.
export { jobs } from './jobs';
export { groupRoutes } from './routes';
export { staffGroupRoutes } from './staffRoutes';
