// Answer schemas of the living-thing routes (common/dto/livingThing.ts), for the OpenAPI document.
import Joi from 'joi';
import { Gender, ParkKind } from '../../../common/enums';
import { bool, codeOf, envelope, int, listOf, NAMED_REF, nullable, PAGE_META, shape, str } from '../../lib/responses';

const summaryKeys = {
  id: int(),
  code: str(),
  name: str(),
  nameKana: nullable(str()),
  scientificName: nullable(str()),
  classification: str(),
  group: nullable(shape({ code: str(), name: str() })),
  habitat: str(),
  imageUrl: str(),
  parkCount: int(),
};
const num = () => nullable(Joi.number());

export const LIVING_THING_LIST_ANSWER = { status: { 200: listOf(shape(summaryKeys), PAGE_META) } };
export const LIVING_THING_ANSWER = {
  status: {
    200: envelope(
      shape({
        ...summaryKeys,
        diet: str(),
        description: str(),
        weightKg: num(),
        heightCm: num(),
        birthWeightKg: num(),
        birthHeightCm: num(),
        numberOfSpecies: num(),
        parks: Joi.array().items(
          shape({
            id: int(),
            name: str(),
            kind: codeOf(ParkKind),
            prefecture: str(),
            imageUrl: str(),
            individuals: Joi.array().items(shape({ id: int(), nickname: str() })),
          }),
        ),
        followerCount: int(),
      }),
      Joi.object({}),
    ),
  },
};

const parkSummaryKeys = {
  id: int(),
  nickname: str(),
  isGroup: bool(),
  gender: codeOf(Gender),
  birthday: nullable(str()),
  imageUrl: str(),
  park: NAMED_REF,
  livingThing: NAMED_REF,
};
export const PARK_LIVING_THING_LIST_ANSWER = { status: { 200: listOf(shape(parkSummaryKeys), PAGE_META) } };
export const PARK_LIVING_THING_ANSWER = {
  status: {
    200: envelope(
      shape({
        ...parkSummaryKeys,
        description: nullable(str()),
        approxNumberBred: nullable(int()),
        livingThing: shape({
          id: int(),
          name: str(),
          classification: str(),
          habitat: str(),
          diet: str(),
          imageUrl: str(),
        }),
        park: shape({ id: int(), name: str(), kind: codeOf(ParkKind), imageUrl: str() }),
        storyCount: int(),
      }),
      Joi.object({}),
    ),
  },
};
