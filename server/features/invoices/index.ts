// Qualified invoices and credit notes (issue 31). Orders call issueInvoice where an order becomes paid, payments
// call issueCreditNote where a refund succeeds, each inside that transaction (gapless numbers per park).
export { type BillingPdfInput, renderBillingPdf } from './billingPdf';
export { invoiceRoutes } from './routes';
export { issueCreditNote } from './services/issueCreditNote';
export { issueInvoice } from './services/issueInvoice';
