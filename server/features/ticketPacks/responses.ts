// Answer schemas of the ticket-pack routes (common/dto/ticketPack.ts), for the OpenAPI document.
import Joi from 'joi';
import { ItemCategory, SaleLabel } from '../../../common/enums';
import { bool, codeOf, day, envelope, int, listOf, NAMED_REF, PAGE_META, shape, str } from '../../lib/responses';

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
