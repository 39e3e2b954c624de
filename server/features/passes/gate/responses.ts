// Answer schema of the gate's holder list (common/dto/pass.ts GatePassHoldersPage), for the OpenAPI document.
import Joi from 'joi';
import { bool, day, envelope, int, nullable, shape, str } from '../../../lib/responses';

const HOLDER = shape({
  holderId: int(),
  passId: int(),
  passNumber: str(),
  position: int(),
  name: str(),
  ageGroupName: nullable(str()),
  unitKind: Joi.valid('basic', 'disability', 'companion'),
  parkIds: Joi.array().items(int()),
  termTicketIds: Joi.array().items(str()),
  liveJtis: Joi.array().items(str()),
  state: Joi.valid('not_started', 'active', 'suspended', 'expired', 'cancel_waiting', 'cancelled'),
  suspendedReason: nullable(str()),
  validFrom: nullable(day()),
  validUntil: nullable(day()),
  startBy: nullable(day()),
  maxEntries: nullable(int()),
  photoId: nullable(str()),
  photoState: Joi.valid('none', 'pending', 'approved', 'rejected'),
  // base64 WebP, 96×96 (at most 6 KB): in the listing, then only when the photo changed since the cursor.
  thumb: nullable(str()),
  removed: bool(),
});

export const GATE_PASS_HOLDERS_ANSWER = {
  status: {
    200: envelope(
      shape({
        parkId: int(),
        holders: Joi.array().items(HOLDER),
        // An opaque cursor: the next page, or the changes after this one (listGatePassHolders.ts).
        next: str(),
        more: bool(),
        totalThumbBytes: nullable(int()),
        asOf: str(),
      }),
      Joi.object({}),
    ),
  },
};
