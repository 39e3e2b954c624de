// The park profile and calendar as the back office reads them.
import type { Knex } from 'knex';
import type { OfficeParkProfile } from '../../../common/dto/catalogueOffice';
import { closuresOf } from '../../../common/rules/closures';

type Db = Knex | Knex.Transaction;

export async function loadOfficeProfile(db: Db, parkId: number): Promise<OfficeParkProfile | undefined> {
  const p = await db('parks').where({ id: parkId }).first();
  if (!p) return undefined;
  const weekdays = (await db('park_closed_weekdays')
    .where({ park_id: parkId })
    .orderBy('weekday_id')
    .pluck('weekday_id')) as number[];
  const special = (await db('park_special_days').where({ park_id: parkId }).orderBy('date')) as {
    date: string;
    kind: 'closed' | 'open' | 'extended';
    openTime: string | null;
    closeTime: string | null;
    noteJa: string;
    noteEn: string | null;
  }[];
  return {
    id: p.id,
    nameJa: p.nameJa,
    nameEn: p.nameEn ?? null,
    descriptionJa: p.descriptionJa,
    descriptionEn: p.descriptionEn ?? null,
    addressJa: p.addressJa,
    addressEn: p.addressEn ?? null,
    phone: p.phone,
    websiteUrl: p.websiteUrl,
    inquiryEmail: p.inquiryEmail,
    openTime: p.openTime,
    closeTime: p.closeTime,
    lastEntryTime: p.lastEntryTime ?? null,
    businessHoursNoteJa: p.businessHoursNoteJa ?? null,
    businessHoursNoteEn: p.businessHoursNoteEn ?? null,
    closedDaysNoteJa: p.closedDaysNoteJa ?? null,
    closedDaysNoteEn: p.closedDaysNoteEn ?? null,
    accessJa: p.accessJa ?? null,
    accessEn: p.accessEn ?? null,
    gateSlotBeforeMinutes: Number(p.gateSlotBeforeMinutes),
    gateSlotAfterMinutes: Number(p.gateSlotAfterMinutes),
    closedWeekdays: weekdays.map(Number),
    specialDays: special.map((d) => ({
      date: d.date,
      kind: d.kind,
      openTime: d.openTime ?? null,
      closeTime: d.closeTime ?? null,
      noteJa: d.noteJa,
      noteEn: d.noteEn ?? null,
    })),
    closures: closuresOf(special.filter((d) => d.kind === 'closed').map((d) => ({ ...d, noteEn: d.noteEn ?? null }))),
    linkId: p.linkId,
    isPrivate: Boolean(p.isPrivate),
  };
}
