// The payment layer's public API for the order side. Services take (knex, config, [outcome], input) and are
// called outside any transaction (they talk to providers between their own short transactions).

export { type BankTransferRow, oweBankTransfer, owedByTransfer } from './bankTransfers';
export { jobs } from './jobs';
export type { Fulfilment, PaymentOutcomeHandler } from './outcome';
export { bankTransfersCsv } from './services/bankTransfersCsv';
export { cancelPendingPayment } from './services/cancelPendingPayment';
export { capturePayment } from './services/capturePayment';
export { deleteCard } from './services/deleteCard';
export { getPayment, konbiniSlip } from './services/getPayment';
export { handleBrowserReturn } from './services/handleBrowserReturn';
export { handleProviderNotification } from './services/handleProviderNotification';
export { listBankTransfers } from './services/listBankTransfers';
export { listCards } from './services/listCards';
export { markBankTransferred } from './services/markBankTransferred';
export { reconcilePayment } from './services/reconcilePayment';
export { type RefundRecord, refundPayment } from './services/refundPayment';
export { registerCard } from './services/registerCard';
export { type StartPaymentInput, type StartPaymentResult, startPayment } from './services/startPayment';
export { voidPayment } from './services/voidPayment';
export { zenginTransferFile } from './services/zenginTransferFile';
export { PAYMENT_START_SCHEMA, paymentStartAnswer } from './startAnswer';
export { findPayment, type Payment, presentPayment } from './store';
