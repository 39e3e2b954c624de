// One chunk for the wallet pages: opening any of them offline loads everything the others need, and starts the
// first IndexedDB read (prime.ts) at once.
export { AdvanceInformationPage, default as DetailPage } from './DetailPage';
export { default as HistoryPage } from './HistoryPage';
export { default as LotteryPage } from './LotteryPage';
export { default as MemberCardPage } from './MemberCardPage';
export { default as MyTicketsPage } from './MyTicketsPage';
export { default as PassRenewPage } from './PassRenewPage';
export { default as PassVisitsPage } from './PassVisitsPage';
export { primed } from './prime';
export { default as RefundAccountPage } from './RefundAccountPage';
export { default as SharePage } from './SharePage';
export { default as ShareReceivePage } from './ShareReceivePage';
export { default as TicketPage } from './TicketPage';
export { default as TriggerPage } from './TriggerPage';
export { default as WaitlistOfferPage } from './WaitlistOfferPage';
