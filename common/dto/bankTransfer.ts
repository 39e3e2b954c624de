// Konbini give-back by bank transfer (server/features/payments/bankTransfers.ts): money paid at a convenience store
// that must go back is owed as a transfer the park makes to the buyer's bank account.

export const BANK_TRANSFER_STATES = ['awaiting_account', 'ready', 'transferred'] as const;
export type BankTransferState = (typeof BANK_TRANSFER_STATES)[number];

export const BANK_TRANSFER_REASONS = [
  /** The visitor cancelled by the item's policy. */
  'cancellation',
  /** The park refunded the order (a closure). */
  'park_refund',
  /** A late store payment whose places were gone. */
  'places_gone',
  /** A store payment we refused (amount or order mismatch, or after it failed for another reason). */
  'mismatch',
  'late_success',
  /** Found by the reconciliation sweep. */
  'reconciliation',
] as const;
export type BankTransferReason = (typeof BANK_TRANSFER_REASONS)[number];

export const BANK_ACCOUNT_TYPES = ['ordinary', 'current'] as const;
/** ordinary: 普通; current: 当座. */
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** PUT api/v1/me/bank-transfers/{id}/account. */
export interface BankAccountInput {
  bank_name: string;
  branch_name: string;
  account_type: BankAccountType;
  /** 7 digits. */
  account_number: string;
  /** The holder's name in katakana (as the bank has it). */
  holder_kana: string;
}

/** A transfer as its owner sees it: the account only by its last three digits. */
export interface MyBankTransfer {
  id: string;
  orderId: number;
  applicationNumber: string;
  amount: number;
  reason: BankTransferReason;
  state: BankTransferState;
  createdAt: string;
  transferredOn: string | null;
  account: {
    bankName: string;
    branchName: string;
    accountType: BankAccountType;
    numberEnding: string;
    holderKana: string;
  } | null;
}

/** A transfer as the park's finance staff see it (the list of transfers to make). */
export interface OfficeBankTransfer {
  id: string;
  orderId: number;
  applicationNumber: string;
  customerName: string;
  amount: number;
  reason: BankTransferReason;
  state: BankTransferState;
  createdAt: string;
  accountSetAt: string | null;
  transferredOn: string | null;
  account: {
    bankName: string;
    branchName: string;
    accountType: BankAccountType;
    accountNumber: string;
    holderKana: string;
  } | null;
}

/** The transfer a cancellation owes (in its answer): the visitor enters an account for it. */
export interface BankTransferBrief {
  id: string;
  amount: number;
  state: BankTransferState;
}
