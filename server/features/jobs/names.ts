// Names of the jobs that code sends, often from another feature than the one that runs them (sweeps are named in
// their feature's jobs.ts only).
export const JOB_NAMES = {
  /** orders/services/fulfilOrder.ts, once an order is paid: the receipt e-mail. */
  orderReceipt: 'orderReceipt',
  /** A payment whose order could not be fulfilled (or that we refused): refund or void it, then tell the buyer. */
  paymentGiveBack: 'paymentGiveBack',
  /** After a give-back: the e-mail saying the money went back. */
  orderRefundedMail: 'orderRefundedMail',
  /** lottery: an entry received, or its result (won, lost, win cancelled), by e-mail. */
  lotteryMail: 'lotteryMail',
  /** waitlist: an offer made, by e-mail. */
  waitlistOfferMail: 'waitlistOfferMail',
  /** passes: a holder's photo rejected, or a renewal reminder, by e-mail. */
  passMail: 'passMail',
  /** groups: a group request approved, declined, paid or released, by e-mail to its requester. */
  groupMail: 'groupMail',
  /** orders: a konbini order's deadline passed unpaid, by e-mail. */
  konbiniExpiredMail: 'konbiniExpiredMail',
  /** payments: money paid at a konbini goes back by bank transfer: the e-mail asking for the account. */
  bankTransferOwedMail: 'bankTransferOwedMail',
  /** payments: still no account 3 or 10 days after a refund by bank transfer was owed: the reminder e-mail. */
  bankAccountReminderMail: 'bankAccountReminderMail',
} as const;
