// What every mail about one order starts from: its buyer (address, name, language), its application number and
// time, and its park; read with the order as `o`, the buyer as `u` and the park as `k`.
import type { Locale } from '../../../common/enums';
import { dateTime } from './mailFormat';

export const ORDER_MAIL_COLUMNS = [
  'u.email',
  'u.name',
  'u.language',
  'o.application_number',
  'o.ordered_at',
  'k.name_ja',
  'k.name_en',
] as const;

export interface OrderMailRow {
  email: string | null;
  name: string;
  language: number;
  applicationNumber: string;
  orderedAt: Date;
  nameJa: string;
  nameEn: string | null;
}

/** The reader's language, the greeting and the rows naming the order (park, application number, time). */
export function orderMailOpening(row: OrderMailRow): {
  locale: Locale;
  en: boolean;
  greeting: string;
  orderRows: [string, string][];
} {
  const locale: Locale = row.language === 1 ? 'en' : 'ja';
  const en = locale === 'en';
  return {
    locale,
    en,
    greeting: en ? `Hello ${row.name},` : `${row.name} 様`,
    orderRows: [
      [en ? 'Park' : '施設', (en ? row.nameEn : null) ?? row.nameJa],
      [en ? 'Application number' : '申込番号', row.applicationNumber],
      [en ? 'Applied on' : '申込日時', dateTime(row.orderedAt, locale)],
    ],
  };
}
