import type { ParkKind } from '../enums';

export interface NamedRef {
  id: number;
  name: string;
}

export interface ParkSummary {
  id: number;
  slug: string;
  kind: ParkKind;
  name: string;
  nameKana: string | null;
  prefecture: NamedRef;
  region: NamedRef;
  imageUrl: string;
  openTime: string;
  closeTime: string;
  closedWeekdays: NamedRef[];
  averageStayMinutes: number;
  /** Open, closed or special on today's Asia/Tokyo date. */
  today: ParkDayStatus;
}

export interface ParkDayStatus {
  date: string;
  open: boolean;
  openTime: string | null;
  closeTime: string | null;
  note: string | null;
}

export interface ParkSpecialDayDto {
  date: string;
  kind: 'closed' | 'open' | 'extended';
  openTime: string | null;
  closeTime: string | null;
  note: string;
}

export interface ParkDetail extends ParkSummary {
  description: string;
  postalCode: string | null;
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  websiteUrl: string;
  inquiryEmail: string;
  inquiryFormUrl: string | null;
  lastEntryTime: string | null;
  businessHoursNote: string | null;
  closedDaysNote: string | null;
  specialDays: ParkSpecialDayDto[];
  access: string | null;
  commercialLawNotice: string;
  mapImageUrl: string;
  isPrivate: boolean;
}
