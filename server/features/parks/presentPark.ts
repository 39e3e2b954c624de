import type { ParkDayStatus, ParkDetail, ParkSpecialDayDto, ParkSummary } from '../../../common/dto/park';
import type { Locale } from '../../../common/enums';
import { PREFECTURES, REGIONS } from '../../../common/reference';
import { isoWeekday, tokyoDate } from '../../../common/time';
import { localize, localizeOrNull } from '../../lib/localize';
import type { Park, ParkSpecialDay } from '../../models/Park';

const refName = (r: { nameJa: string; nameEn: string }, locale: Locale) => (locale === 'en' ? r.nameEn : r.nameJa);

export function presentSpecialDay(d: ParkSpecialDay, locale: Locale): ParkSpecialDayDto {
  return {
    date: d.date,
    kind: d.kind,
    openTime: d.openTime,
    closeTime: d.closeTime,
    note: localize(d, 'note', locale),
  };
}

/** Whether the park is open on a date: special days win over the regular closed weekdays. */
export function dayStatus(park: Park, date: string, locale: Locale): ParkDayStatus {
  const special = park.specialDays?.find((d) => d.date === date);
  if (special) {
    const open = special.kind !== 'closed';
    return {
      date,
      open,
      openTime: open ? (special.openTime ?? park.openTime) : null,
      closeTime: open ? (special.closeTime ?? park.closeTime) : null,
      note: localize(special, 'note', locale),
    };
  }
  const closed = park.closedWeekdays?.some((w) => w.id === isoWeekday(date)) ?? false;
  return {
    date,
    open: !closed,
    openTime: closed ? null : park.openTime,
    closeTime: closed ? null : park.closeTime,
    note: null,
  };
}

export function presentParkSummary(park: Park, locale: Locale, today = tokyoDate()): ParkSummary {
  const prefecture = PREFECTURES.find((p) => p.id === park.prefectureId);
  const region = REGIONS.find((r) => r.id === prefecture?.regionId);
  return {
    id: park.id,
    slug: park.slug,
    kind: park.kind,
    name: localize(park, 'name', locale),
    nameKana: park.nameKana,
    prefecture: { id: park.prefectureId, name: prefecture ? refName(prefecture, locale) : '' },
    region: { id: region?.id ?? 9, name: region ? refName(region, locale) : '' },
    imageUrl: park.imageUrl,
    openTime: park.openTime,
    closeTime: park.closeTime,
    closedWeekdays: (park.closedWeekdays ?? [])
      .slice()
      .sort((a, b) => a.id - b.id)
      .map((w) => ({ id: w.id, name: localize(w, 'name', locale) })),
    averageStayMinutes: park.averageStayMinutes,
    today: dayStatus(park, today, locale),
  };
}

export function presentParkDetail(park: Park, locale: Locale, today = tokyoDate()): ParkDetail {
  return {
    ...presentParkSummary(park, locale, today),
    description: localize(park, 'description', locale),
    postalCode: park.postalCode,
    address: localize(park, 'address', locale),
    latitude: park.latitude,
    longitude: park.longitude,
    phone: park.phone,
    websiteUrl: park.websiteUrl,
    inquiryEmail: park.inquiryEmail,
    inquiryFormUrl: park.inquiryFormUrl,
    lastEntryTime: park.lastEntryTime,
    businessHoursNote: localizeOrNull(park, 'businessHoursNote', locale),
    closedDaysNote: localizeOrNull(park, 'closedDaysNote', locale),
    specialDays: (park.specialDays ?? [])
      .filter((d) => d.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => presentSpecialDay(d, locale)),
    access: localizeOrNull(park, 'access', locale),
    commercialLawNotice: localize(park, 'commercialLawNotice', locale),
    mapImageUrl: park.mapImageUrl,
    isPrivate: park.isPrivate,
  };
}
