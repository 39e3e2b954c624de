export { jobs } from './jobs';
export { cancelTickets } from './services/cancelTickets';
export { quoteCancellation } from './services/quoteCancellation';
export { issueOrderTickets } from './ticketLedger';
export { isCancellable, needsCertificate, policiesFor, type TicketRow, ticketDaysBefore, ticketQuery } from './tickets';
