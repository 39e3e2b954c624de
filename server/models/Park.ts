import { BaseModel } from './BaseModel';
import { Prefecture } from './Prefecture';

export class ParkSpecialDay extends BaseModel {
  static override tableName = 'park_special_days';
  id!: number;
  parkId!: number;
  date!: string;
  kind!: 'closed' | 'open' | 'extended';
  openTime!: string | null;
  closeTime!: string | null;
  noteJa!: string;
  noteEn!: string | null;
}

export class Park extends BaseModel {
  static override tableName = 'parks';
  id!: number;
  slug!: string;
  kind!: 'zoo' | 'aquarium';
  nameJa!: string;
  nameEn!: string | null;
  nameKana!: string | null;
  descriptionJa!: string;
  descriptionEn!: string | null;
  prefectureId!: number;
  postalCode!: string | null;
  addressJa!: string;
  addressEn!: string | null;
  latitude!: number;
  longitude!: number;
  phone!: string;
  websiteUrl!: string;
  inquiryEmail!: string;
  inquiryFormUrl!: string | null;
  openTime!: string;
  closeTime!: string;
  lastEntryTime!: string | null;
  businessHoursNoteJa!: string | null;
  businessHoursNoteEn!: string | null;
  closedDaysNoteJa!: string | null;
  closedDaysNoteEn!: string | null;
  averageStayMinutes!: number;
  accessJa!: string | null;
  accessEn!: string | null;
  commercialLawNoticeJa!: string;
  commercialLawNoticeEn!: string | null;
  imageUrl!: string;
  mapImageUrl!: string;
  isPrivate!: boolean;
  linkId!: string;
  updatedAt!: Date;

  prefecture?: Prefecture;
  specialDays?: ParkSpecialDay[];
  closedWeekdays?: { id: number; code: string; nameJa: string; nameEn: string | null }[];

  static override relationMappings = () => ({
    prefecture: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Prefecture,
      join: { from: 'parks.prefecture_id', to: 'prefectures.id' },
    },
    specialDays: {
      relation: BaseModel.HasManyRelation,
      modelClass: ParkSpecialDay,
      join: { from: 'parks.id', to: 'park_special_days.park_id' },
    },
    closedWeekdays: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: Weekday,
      join: {
        from: 'parks.id',
        through: { from: 'park_closed_weekdays.park_id', to: 'park_closed_weekdays.weekday_id' },
        to: 'weekdays.id',
      },
    },
  });
}

export class Weekday extends BaseModel {
  static override tableName = 'weekdays';
  id!: number;
  code!: string;
  nameJa!: string;
  nameEn!: string | null;
}
