export { jobs } from './jobs';
export { passCancelFacts } from './passCancellation';
export { admitGroupTickets, type GroupAdmission } from './services/admitGroupTickets';
export { cancelTickets } from './services/cancelTickets';
export { parkOccupancy } from './services/parkOccupancy';
export { quoteCancellation } from './services/quoteCancellation';
export { issueOrderTickets, reinstatePassHolder, reissueHolderCard, suspendPassHolder } from './ticketLedger';
export {
  isCancellable,
  needsCertificate,
  policiesFor,
  presentTickets,
  type TicketRow,
  ticketDaysBefore,
  ticketQuery,
} from './tickets';
export { ensureTokens } from './tokens';
