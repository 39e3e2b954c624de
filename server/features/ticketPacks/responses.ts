// Answer schemas of the ticket-pack routes (common/dto/ticketPack.ts), for the OpenAPI document.
import Joi from 'joi';
import { ItemCategory, SaleLabel } from '../../../common/enums';
import {
  bool,
  codeOf,
  day,
  envelope,
  int,
  listOf,
  NAMED_REF,
  nullable,
  PAGE_META,
  shape,
  str,
} from '../../lib/responses';

const summaryKeys = {
  id: int(),
  category: codeOf(ItemCategory),
  name: str(),
  lead: str(),
  imageUrl: str(),
  park: shape({ id: int(), name: str(), prefecture: NAMED_REF }),
  saleLabel: codeOf(SaleLabel),
  price: int(),
  applicationStartsAt: str(),
  applicationEndsAt: str(),
  applicationOpen: bool(),
  availableFrom: str(),
  availableUntil: str(),
  minTotal: int(),
  maxTotal: int(),
};

export const PACK_LIST_ANSWER = { status: { 200: listOf(shape(summaryKeys), PAGE_META) } };
export const PACK_ANSWER = {
  status: {
    200: envelope(
      shape({
        ...summaryKeys,
        description: str(),
        items: Joi.array().items(
          shape({
            itemId: int(),
            name: str(),
            category: codeOf(ItemCategory),
            quantity: int(),
            imageUrl: str(),
            listed: bool(),
          }),
        ),
        selectableTimes: Joi.array().items(str()),
        selectableDates: Joi.array().items(day()),
        isPrivate: bool(),
      }),
      Joi.object({}),
    ),
  },
};

// The back office (common/dto/catalogueOffice.ts).
const OFFICE_PACK_ROW = shape({
  id: int(),
  name: str(),
  saleLabel: codeOf(SaleLabel),
  linkId: str(),
  sold: int(),
  moves: Joi.array().items(codeOf(SaleLabel)),
});
const OFFICE_PACK = shape({
  id: int(),
  nameJa: str(),
  nameEn: nullable(str()),
  descriptionJa: str(),
  descriptionEn: nullable(str()),
  saleLabel: codeOf(SaleLabel),
  price: int(),
  minTotal: int(),
  maxTotal: int(),
  selectableTimes: Joi.array().items(str()),
  applicationStartsAt: str(),
  applicationEndsAt: str(),
  availableFrom: str(),
  availableUntil: str(),
  linkId: str(),
  sold: int(),
  contents: Joi.array().items(shape({ itemId: int(), quantity: int(), nameJa: str() })),
});
const NO_META = Joi.object({});
export const OFFICE_PACKS_ANSWER = { status: { 200: envelope(Joi.array().items(OFFICE_PACK_ROW), NO_META) } };
export const OFFICE_PACK_ROW_ANSWER = { status: { 200: envelope(OFFICE_PACK_ROW, NO_META) } };
export const OFFICE_PACK_ANSWER = { status: { 200: envelope(OFFICE_PACK, NO_META) } };
export const OFFICE_PACK_CREATED_ANSWER = { status: { 201: envelope(OFFICE_PACK, NO_META) } };
