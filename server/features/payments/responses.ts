// Answer schemas of the payment and card routes (common/rules/paymentState.ts PaymentView, common/rules/card.ts
// RegisteredCard), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { PaymentMethod, PaymentMode } from '../../../common/enums';
import { FAILURE_REASONS, PAYMENT_STATES } from '../../../common/rules/paymentState';
import { bool, codeOf, dateTime, envelope, int, nullable, shape, str } from '../../lib/responses';

const NO_META = Joi.object({});
const DONE = shape({ message: str() });

const KONBINI_SLIP = shape({
  convenience: str(),
  confNo: str(),
  receiptNo: str(),
  deadline: dateTime(),
  receiptUrl: nullable(str()),
});

const PAYMENT = shape({
  id: str(),
  orderId: int(),
  method: codeOf(PaymentMethod),
  mode: codeOf(PaymentMode),
  amount: int(),
  refundedAmount: int(),
  state: Joi.valid(...PAYMENT_STATES),
  failureReason: nullable(Joi.valid(...FAILURE_REASONS)),
  failureMessage: nullable(str()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  konbini: nullable(KONBINI_SLIP).optional(),
});
const CARD = shape({
  id: int(),
  brand: Joi.valid('VISA', 'MASTER', 'JCB', 'AMEX', 'DINERS', 'OTHER'),
  last4: str(),
  expiry: str(),
  holderName: nullable(str()),
  isDefault: bool(),
  createdAt: dateTime(),
});

export const PAYMENTS_CONFIG_ANSWER = {
  status: {
    200: envelope(
      shape({
        card: shape({ available: bool(), sandbox: bool(), shopId: nullable(str()), tokenUrl: nullable(str()) }),
        paypay: shape({ available: bool() }),
        merpay: shape({ available: bool() }),
        konbini: shape({ available: bool() }),
      }),
      NO_META,
    ),
  },
};
export const PENDING_KONBINI_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({ paymentId: str(), orderId: int(), applicationNumber: str(), amount: int(), slip: KONBINI_SLIP }),
      ),
      NO_META,
    ),
  },
};
export const KONBINI_SETTINGS_ANSWER = { status: { 200: envelope(shape({ paymentDays: int() }), NO_META) } };
export const PAYMENT_ANSWER = { status: { 200: envelope(PAYMENT, NO_META) } };
/** After the return from the provider: `meta.message` says why a payment failed. */
export const PAYMENT_RETURN_ANSWER = { status: { 200: envelope(PAYMENT, shape({ message: str().optional() })) } };
export const CARDS_ANSWER = { status: { 200: envelope(Joi.array().items(CARD), NO_META) } };
export const CARD_SAVED_ANSWER = { status: { 201: envelope(CARD, DONE) } };
export const DEFAULT_CARD_ANSWER = { status: { 200: envelope(Joi.array().items(CARD), DONE) } };
export const CARD_DELETED_ANSWER = { status: { 200: envelope(Joi.valid(null), DONE) } };

const TRANSFER_STATE = Joi.valid('awaiting_account', 'ready', 'transferred');
const TRANSFER_REASON = Joi.valid(
  'cancellation',
  'park_refund',
  'places_gone',
  'mismatch',
  'late_success',
  'reconciliation',
);
/** common/dto/bankTransfer.ts MyBankTransfer: the account by its last three digits only. */
const MY_BANK_TRANSFER = shape({
  id: str(),
  orderId: int(),
  applicationNumber: str(),
  amount: int(),
  reason: TRANSFER_REASON,
  state: TRANSFER_STATE,
  createdAt: dateTime(),
  transferredOn: nullable(str()),
  account: nullable(
    shape({
      bankCode: str(),
      bankName: str(),
      branchCode: str(),
      branchName: str(),
      accountType: Joi.valid('ordinary', 'current'),
      numberEnding: str(),
      holderKana: str(),
    }),
  ),
});
export const MY_BANK_TRANSFER_ANSWER = { status: { 200: envelope(MY_BANK_TRANSFER, NO_META) } };
export const MY_BANK_TRANSFERS_ANSWER = { status: { 200: envelope(Joi.array().items(MY_BANK_TRANSFER), NO_META) } };

/** common/dto/bankTransfer.ts RemitterAccount: the park's own account transfers are sent from (null: not set). */
const REMITTER_ACCOUNT = shape({
  consignorCode: str(),
  consignorName: str(),
  bankCode: str(),
  bankName: str(),
  branchCode: str(),
  branchName: str(),
  accountType: Joi.valid('ordinary', 'current'),
  accountNumber: str(),
});
export const REMITTER_ACCOUNT_ANSWER = { status: { 200: envelope(nullable(REMITTER_ACCOUNT), NO_META) } };
const ZENGIN_ENTRY = nullable(shape({ code: str(), name: str(), kana: str() }));
/** common/dto/bankTransfer.ts BankCodeLookup. */
export const BANK_CODES_ANSWER = {
  status: { 200: envelope(shape({ bank: ZENGIN_ENTRY, branch: ZENGIN_ENTRY }), NO_META) },
};
