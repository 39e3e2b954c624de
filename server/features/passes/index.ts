// Annual passes (issue 29): member cards, visits; the pass products' reader is items/passProducts.ts, the passes'
// writer the ticket ledger (wallet/ticketLedger.ts).
export { passRoutes } from './routes';
