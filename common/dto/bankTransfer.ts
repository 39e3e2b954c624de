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
  /** 4 digits (Zengin bank code); the bank's name comes from the Zengin list. */
  bank_code: string;
  /** 3 digits (Zengin branch code). */
  branch_code: string;
  account_type: BankAccountType;
  /** Up to 7 digits (stored with leading zeros to 7). */
  account_number: string;
  /** The holder's name in katakana (full or half width; stored half width, as banks take it). */
  holder_kana: string;
}

/** Reminders sent when no account comes: days after the transfer was owed. */
export const ACCOUNT_REMINDER_DAYS = [3, 10] as const;
/** A transfer awaiting an account this many days (or more) is listed as long waiting for finance. */
export const LONG_WAITING_DAYS = 3;

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
    bankCode: string;
    bankName: string;
    branchCode: string;
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
  /** Whole Tokyo days the transfer has been owed without an account (0 once an account is set). */
  daysWithoutAccount: number;
  /** Reminders sent to enter an account (ACCOUNT_REMINDER_DAYS they were for). */
  remindersSent: number[];
  account: {
    bankCode: string;
    bankName: string;
    branchCode: string;
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

/** The park's own account the transfers are sent from, with its Zengin consignor code (owner only). */
export interface RemitterAccount {
  /** 委託者コード: 10 digits, given by the park's bank for its transfer service. */
  consignorCode: string;
  /** 委託者名: half-width katakana (at most 40). */
  consignorName: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumber: string;
}

/** PUT api/v1/staff/parks/{parkId}/remitter-account. */
export interface RemitterAccountInput {
  consignor_code: string;
  consignor_name: string;
  bank_code: string;
  branch_code: string;
  account_type: BankAccountType;
  account_number: string;
}

/** GET api/v1/bank-codes?bank=&branch=: a bank and branch of the Zengin list by their codes (null: no such). */
export interface BankCodeLookup {
  bank: { code: string; name: string; kana: string } | null;
  branch: { code: string; name: string; kana: string } | null;
}
