// Answer schemas of the wallet routes (common/dto/wallet.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { TicketState } from '../../../common/dto/wallet';
import { UsageTrigger } from '../../../common/enums';
import { bool, codeOf, dateTime, envelope, int, nullable, PAGE_META, shape, str } from '../../lib/responses';

const none = () => Joi.object({});

export const WALLET_TICKET = shape({
  id: str(),
  ticketNumber: str(),
  packNumber: nullable(str()),
  orderId: int(),
  applicationNumber: str(),
  park: shape({
    id: int(),
    name: str(),
    address: nullable(str()),
    mapImageUrls: Joi.array().items(str()),
    timeZone: Joi.valid('Asia/Tokyo'),
  }),
  itemId: int(),
  itemName: str(),
  unitKind: str(),
  planName: nullable(str()),
  ageGroupName: nullable(str()),
  price: int(),
  useDate: str(),
  time: nullable(str()),
  seatCode: nullable(str()),
  state: codeOf(TicketState),
  usageTrigger: codeOf(UsageTrigger),
  usedAt: nullable(str()),
  token: nullable(str()),
  faceImageUrl: nullable(str()),
  needsCertificate: bool(),
  triggerUrl: nullable(str()),
  cancellable: bool(),
  shareable: bool(),
  shareId: nullable(str()),
  receivedFromShare: bool(),
});
const TICKETS = Joi.array().items(WALLET_TICKET);

const QUOTE = shape({
  ticketIds: Joi.array().items(str()),
  daysBefore: int(),
  chargeRate: int(),
  fee: int(),
  refundAmount: int(),
  refundCoins: int(),
  rewardCoinsBack: int(),
  refundReducedBy: int(),
  needsProviderConfirmation: bool(),
  refundByBankTransfer: bool(),
});

const SHARE = shape({
  id: str(),
  url: str(),
  state: Joi.valid('open', 'received', 'cancelled', 'expired'),
  expiresAt: str(),
  createdAt: str(),
  tickets: TICKETS,
});

const WALLET = shape({ tickets: TICKETS, asOf: dateTime() });

export const WALLET_ANSWER = { status: { 200: envelope(WALLET, none()) } };
export const TICKET_ANSWER = { status: { 200: envelope(WALLET_TICKET, none()) } };
export const TICKETS_ANSWER = { status: { 200: envelope(TICKETS, none()) } };
export const USE_ANSWER = { status: { 200: envelope(shape({ ticket: WALLET_TICKET, applied: bool() }), none()) } };
export const TRIGGER_VIEW_ANSWER = {
  status: {
    200: envelope(
      shape({
        ticket: WALLET_TICKET,
        usable: bool(),
        reason: nullable(Joi.valid('alreadyUsed', 'notUseDay', 'notUsable')),
      }),
      none(),
    ),
  },
};
export const TICKET_DETAIL_ANSWER = {
  status: {
    200: envelope(
      shape({
        ticket: WALLET_TICKET,
        applicationNumber: str(),
        orderedAt: str(),
        subtotal: int(),
        coinDiscount: int(),
        couponDiscount: int(),
        total: int(),
        paymentMethod: int(),
        amountPaid: int(),
        orderState: str(),
        ticketSubtotal: int(),
        advanceInformation: Joi.array().items(
          shape({ key: str(), label: str(), value: nullable(str()), photoUrl: nullable(str()) }),
        ),
        cancellation: nullable(QUOTE),
      }),
      none(),
    ),
  },
};
export const QUOTE_ANSWER = { status: { 200: envelope(QUOTE, none()) } };
const CANCELLATION = shape({
  cancellationId: str(),
  state: Joi.valid('done', 'refunding', 'refund_failed'),
  quote: QUOTE,
  tickets: TICKETS,
  bankTransfer: nullable(
    shape({ id: str(), amount: int(), state: Joi.valid('awaiting_account', 'ready', 'transferred') }),
  ),
});
export const CANCELLATION_ANSWER = {
  status: { 200: envelope(CANCELLATION, none()), 202: envelope(CANCELLATION, none()) },
};
export const USAGE_HISTORY_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({ ticket: WALLET_TICKET, outcome: Joi.valid('used', 'cancelled', 'expired', 'shared'), at: str() }),
      ),
      PAGE_META,
    ),
  },
};
export const SCAN_ANSWER = {
  status: {
    200: envelope(
      shape({
        scanId: str(),
        ticketId: str(),
        result: Joi.valid('accepted', 'duplicate', 'revoked'),
        flag: nullable(Joi.valid('duplicate', 'revoked', 'clock')),
        usedAt: nullable(str()),
        direction: Joi.valid('in', 'out'),
        inside: Joi.boolean(),
        entries: Joi.number().integer(),
        refusal: nullable(Joi.valid('suspended', 'notYetValid', 'expired', 'otherPark')).optional(),
        suspendedReason: nullable(str()).optional(),
        pass: nullable(
          shape({
            holderId: int(),
            passNumber: str(),
            visitTicketId: str(),
            validFrom: nullable(str()),
            validUntil: nullable(str()),
          }),
        ).optional(),
      }),
      none(),
    ),
  },
};
export const KEYS_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({
          kid: str(),
          parkId: int(),
          alg: Joi.valid('Ed25519'),
          publicKey: str(),
          createdAt: str(),
          signsFrom: str(),
          retiredAt: nullable(str()),
        }),
      ),
      none(),
    ),
  },
};
export const REVOCATIONS_ANSWER = {
  status: {
    200: envelope(
      shape({
        parkId: int(),
        revoked: Joi.array().items(shape({ jti: str(), revokedAt: str(), seq: int() })),
        next: int(),
        more: bool(),
        asOf: dateTime(),
      }),
      none(),
    ),
  },
};
export const SHARE_ANSWER = { status: { 200: envelope(SHARE, none()) } };
export const SHARE_CREATED_ANSWER = { status: { 201: envelope(SHARE, none()) } };
export const SHARES_ANSWER = { status: { 200: envelope(Joi.array().items(SHARE), none()) } };
export const SHARE_PREVIEW_ANSWER = {
  status: {
    200: envelope(
      shape({
        id: str(),
        state: Joi.valid('open', 'received', 'cancelled', 'expired'),
        expiresAt: str(),
        sharerName: str(),
        park: shape({ id: int(), name: str() }),
        tickets: Joi.array().items(
          shape({
            itemName: str(),
            useDate: str(),
            time: nullable(str()),
            unitKind: str(),
            ageGroupName: nullable(str()),
          }),
        ),
      }),
      none(),
    ),
  },
};
