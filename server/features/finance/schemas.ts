// JSON Schemas of the finance answers (common/dto/finance.ts) for the OpenAPI document; the integration tests
// check every answer against them (server/test/contract.ts).
import { CANCEL_BLOCKS } from '../../../common/rules/cancelBlock';

type Schema = Record<string, unknown>;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const object = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});

const summaryProps = {
  id: int,
  applicationNumber: str,
  state: str,
  orderedAt: { type: 'string', format: 'date-time' },
  paidAt: { type: ['string', 'null'], format: 'date-time' },
  total: int,
  amountPaid: int,
  paymentMethod: int,
  customer: object({ userId: int, name: str, email: strOrNull, telephone: strOrNull }),
  tickets: int,
  useDates: { type: 'array', items: { type: 'string', format: 'date' } },
};

export const ORDER_SUMMARY = object(summaryProps);
export const ORDER_LIST: Schema = { type: 'array', items: ORDER_SUMMARY };

export const QUOTE = object({
  ticketIds: { type: 'array', items: str },
  daysBefore: int,
  chargeRate: int,
  fee: int,
  refundAmount: int,
  refundCoins: int,
  rewardCoinsBack: int,
  refundReducedBy: int,
  needsProviderConfirmation: { type: 'boolean' },
  refundByBankTransfer: { type: 'boolean' },
});

export const ORDER = object({
  ...summaryProps,
  subtotal: int,
  couponDiscount: int,
  coinDiscount: int,
  lines: {
    type: 'array',
    items: object({
      id: int,
      name: str,
      date: str,
      time: strOrNull,
      units: { type: 'array', items: object({ name: str, quantity: int, unitPrice: int }) },
      subtotal: int,
    }),
  },
  payment: {
    anyOf: [
      { type: 'null' },
      object({
        id: str,
        method: int,
        provider: str,
        mode: str,
        state: str,
        amount: int,
        refundedAmount: int,
        refunds: { type: 'array', items: object({ id: str, amount: int, state: str, at: str }) },
      }),
    ],
  },
  ticketList: {
    type: 'array',
    items: object({
      id: str,
      ticketNumber: str,
      itemId: int,
      itemName: str,
      ageGroupName: strOrNull,
      unitKind: str,
      useDate: str,
      time: strOrNull,
      seatCode: strOrNull,
      price: int,
      state: str,
      usedAt: strOrNull,
      wonViaWaitlist: { type: 'boolean' },
      cancellable: { type: 'boolean' },
      visitorCancelBlock: { anyOf: [{ type: 'null' }, { enum: [...CANCEL_BLOCKS] }] },
      refundable: { type: 'boolean' },
    }),
  },
  cancellations: {
    type: 'array',
    items: object({
      id: str,
      at: str,
      ticketIds: { type: 'array', items: str },
      daysBefore: int,
      chargeRate: int,
      fee: int,
      refundAmount: int,
      refundCoins: int,
      state: { enum: ['refunding', 'refund_failed', 'done'] },
    }),
  },
});

export const CANCELLATION = object({
  cancellationId: str,
  state: { enum: ['done', 'refunding', 'refund_failed'] },
  quote: QUOTE,
  order: ORDER,
});

const counts = { soldPlaces: int, amount: int, cancelledPlaces: int, refundAmount: int, admitted: int };
const date = { type: 'string', format: 'date' } as const;
export const DAILY_REPORT = object({
  parkId: int,
  date,
  from: date,
  to: date,
  rows: {
    type: 'array',
    items: object({
      itemId: int,
      itemName: str,
      ...counts,
      slots: { type: 'array', items: object({ slotId: int, label: str, ...counts }) },
    }),
  },
  totals: object(counts),
  occupancy: {
    ...object({
      date,
      inside: int,
      entries: int,
      exits: int,
      hours: { type: 'array', items: object({ hour: int, entries: int, exits: int, inside: int }) },
    }),
    type: ['object', 'null'],
  },
});

/** The reconciliation sweep's open findings for the park (server/features/finance/services/reconcileLedgers.ts). */
export const FINDINGS: Schema = {
  type: 'array',
  items: object({
    id: int,
    kind: {
      enum: [
        'captured_without_tickets',
        'order_arithmetic',
        'refund_mismatch',
        'tickets_short',
        'ticket_unpaid_order',
        'coins_negative',
      ],
    },
    orderId: { type: ['integer', 'null'] },
    paymentId: strOrNull,
    details: { type: 'object' },
    foundAt: { type: 'string', format: 'date-time' },
  }),
};

/** common/dto/bankTransfer.ts OfficeBankTransfer: a refund owed by bank transfer (konbini), with the whole account. */
export const BANK_TRANSFER = object({
  id: str,
  orderId: int,
  applicationNumber: str,
  customerName: str,
  amount: int,
  reason: {
    type: 'string',
    enum: ['cancellation', 'park_refund', 'places_gone', 'mismatch', 'late_success', 'reconciliation'],
  },
  state: { type: 'string', enum: ['awaiting_account', 'ready', 'transferred'] },
  createdAt: { type: 'string', format: 'date-time' },
  accountSetAt: { type: ['string', 'null'], format: 'date-time' },
  transferredOn: { type: ['string', 'null'], format: 'date' },
  daysWithoutAccount: int,
  remindersSent: { type: 'array', items: int },
  account: {
    anyOf: [
      { type: 'null' },
      object({
        bankCode: str,
        bankName: str,
        branchCode: str,
        branchName: str,
        accountType: { type: 'string', enum: ['ordinary', 'current'] },
        accountNumber: str,
        holderKana: str,
      }),
    ],
  },
});
export const BANK_TRANSFER_LIST: Schema = { type: 'array', items: BANK_TRANSFER };
