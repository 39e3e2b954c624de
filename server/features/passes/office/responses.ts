// Answers of the office's holder routes (common/dto/pass.ts OfficePassHolderSearch, OfficePassHolderDetail).
import Joi from 'joi';
import { dateTime, envelope, int, nullable, shape, str } from '../../../lib/responses';
import { PASS_VISIT } from '../responses';

const STATES = ['not_started', 'active', 'suspended', 'expired', 'cancel_waiting', 'cancelled'];
const PHOTO_STATES = ['none', 'pending', 'approved', 'rejected'];

const HOLDER_ROW = shape({
  holderId: int(),
  passId: int(),
  passNumber: str(),
  position: int(),
  name: str(),
  ownerName: str(),
  ownerEmail: str(),
  ownerPhone: nullable(str()),
  productName: str(),
  state: Joi.valid(...STATES),
  validFrom: nullable(str()),
  validUntil: nullable(str()),
  photoState: Joi.valid(...PHOTO_STATES),
  lastVisit: nullable(str()),
});

export const HOLDER_SEARCH_ANSWER = envelope(
  shape({ rows: Joi.array().items(HOLDER_ROW), total: int() }),
  shape({ page: int(), perPage: int() }),
);

export const HOLDER_DETAIL_ANSWER = envelope(
  shape({
    holder: HOLDER_ROW,
    suspendedReason: nullable(str()),
    photos: Joi.array().items(
      shape({
        id: str(),
        state: Joi.valid(...PHOTO_STATES),
        url: str(),
        createdAt: dateTime(),
        rejectReason: nullable(str()),
      }),
    ),
    terms: Joi.array().items(
      shape({
        ticketId: str(),
        ticketNumber: str(),
        validFrom: nullable(str()),
        validUntil: str(),
        state: str(),
        token: Joi.valid(null),
      }),
    ),
    visits: Joi.array().items(PASS_VISIT),
    audit: Joi.array().items(
      shape({
        id: str(),
        at: dateTime(),
        actor: nullable(shape({ userId: int(), name: str() })),
        entity: str(),
        entityId: str(),
        action: str(),
        before: Joi.any(),
        after: Joi.any(),
      }),
    ),
    passHolders: Joi.array().items(shape({ holderId: int(), position: int(), name: str() })),
  }),
  Joi.object({}),
);

export const REISSUE_ANSWER = envelope(shape({ revoked: int() }), Joi.object({}));
