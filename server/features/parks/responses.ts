// Answer schemas of the park routes (common/dto/park.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { bool, day, envelope, int, listOf, NAMED_REF, nullable, PAGE_META, shape, str } from '../../lib/responses';

const time = () => str();
const DAY_STATUS = shape({
  date: day(),
  open: bool(),
  openTime: nullable(time()),
  closeTime: nullable(time()),
  note: nullable(str()),
});

const summaryKeys = {
  id: int(),
  slug: str(),
  kind: Joi.string().valid('zoo', 'aquarium'),
  name: str(),
  nameKana: nullable(str()),
  prefecture: NAMED_REF,
  region: NAMED_REF,
  imageUrl: str(),
  openTime: time(),
  closeTime: time(),
  closedWeekdays: Joi.array().items(NAMED_REF),
  averageStayMinutes: int(),
  today: DAY_STATUS,
};

export const PARK_SUMMARY = shape(summaryKeys);

export const PARK_DETAIL = shape({
  ...summaryKeys,
  description: str(),
  postalCode: nullable(str()),
  address: str(),
  latitude: Joi.number(),
  longitude: Joi.number(),
  phone: str(),
  websiteUrl: str(),
  inquiryEmail: str(),
  inquiryFormUrl: nullable(str()),
  lastEntryTime: nullable(time()),
  businessHoursNote: nullable(str()),
  closedDaysNote: nullable(str()),
  specialDays: Joi.array().items(
    shape({
      date: day(),
      kind: Joi.string().valid('closed', 'open', 'extended'),
      openTime: nullable(time()),
      closeTime: nullable(time()),
      note: str(),
    }),
  ),
  access: nullable(str()),
  commercialLawNotice: str(),
  mapImageUrl: str(),
  isPrivate: bool(),
});

export const PARK_LIST_ANSWER = { status: { 200: listOf(PARK_SUMMARY, PAGE_META) } };
export const PARK_ANSWER = { status: { 200: envelope(PARK_DETAIL, Joi.object({})) } };

// The back office (common/dto/catalogueOffice.ts OfficeParkProfile).
const OFFICE_PROFILE = shape({
  id: int(),
  nameJa: str(),
  nameEn: nullable(str()),
  descriptionJa: str(),
  descriptionEn: nullable(str()),
  addressJa: str(),
  addressEn: nullable(str()),
  phone: str(),
  websiteUrl: str(),
  inquiryEmail: str(),
  openTime: str(),
  closeTime: str(),
  lastEntryTime: nullable(str()),
  businessHoursNoteJa: nullable(str()),
  businessHoursNoteEn: nullable(str()),
  closedDaysNoteJa: nullable(str()),
  closedDaysNoteEn: nullable(str()),
  accessJa: nullable(str()),
  accessEn: nullable(str()),
  closedWeekdays: Joi.array().items(int()),
  specialDays: Joi.array().items(
    shape({
      date: day(),
      kind: Joi.valid('closed', 'open', 'extended'),
      openTime: nullable(str()),
      closeTime: nullable(str()),
      noteJa: str(),
      noteEn: nullable(str()),
    }),
  ),
  closures: Joi.array().items(shape({ from: day(), to: day(), noteJa: str(), noteEn: nullable(str()) })),
  linkId: str(),
  isPrivate: bool(),
  gateSlotBeforeMinutes: int(),
  gateSlotAfterMinutes: int(),
});
export const OFFICE_PROFILE_ANSWER = { status: { 200: envelope(OFFICE_PROFILE, Joi.object({})) } };
