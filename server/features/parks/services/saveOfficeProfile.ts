// PUT api/v1/staff/parks/{parkId}/profile: an editor (or owner) changes the park's profile texts, hours, closed
// weekdays and special days (closed, open or extended days), or the closures as ranges (which then own the closed
// days: special_days given beside them are the open and extended days). Only the fields given change; the audit row
// keeps them before and after. Availability reads the calendar afresh, so a new closed day stops sales at once.
import type { Knex } from 'knex';
import type { OfficeParkProfile } from '../../../../common/dto/catalogueOffice';
import { closureDays } from '../../../../common/rules/closures';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { loadOfficeProfile } from '../officeProfile';

export type ProfileFields = Partial<Omit<OfficeParkProfile, 'id' | 'linkId' | 'isPrivate'>>;

type SpecialDay = OfficeParkProfile['specialDays'][number];

const COLUMNS: Record<string, string> = {
  nameJa: 'name_ja',
  nameEn: 'name_en',
  descriptionJa: 'description_ja',
  descriptionEn: 'description_en',
  addressJa: 'address_ja',
  addressEn: 'address_en',
  phone: 'phone',
  websiteUrl: 'website_url',
  inquiryEmail: 'inquiry_email',
  openTime: 'open_time',
  closeTime: 'close_time',
  lastEntryTime: 'last_entry_time',
  businessHoursNoteJa: 'business_hours_note_ja',
  businessHoursNoteEn: 'business_hours_note_en',
  closedDaysNoteJa: 'closed_days_note_ja',
  closedDaysNoteEn: 'closed_days_note_en',
  accessJa: 'access_ja',
  accessEn: 'access_en',
  gateSlotBeforeMinutes: 'gate_slot_before_minutes',
  gateSlotAfterMinutes: 'gate_slot_after_minutes',
};

export async function saveOfficeProfile(
  knex: Knex,
  input: { parkId: number; actorUserId: number; fields: ProfileFields },
): Promise<OfficeParkProfile> {
  return knex.transaction(async (trx) => {
    const locked = await trx('parks').where({ id: input.parkId }).forUpdate().first('id');
    if (!locked) throw notFound();
    const before = (await loadOfficeProfile(trx, input.parkId)) as OfficeParkProfile;
    const next = { ...before, ...input.fields };
    if (next.openTime >= next.closeTime) throw new DomainError('invalidParam', { field: 'close_time' });
    if (next.lastEntryTime && (next.lastEntryTime < next.openTime || next.lastEntryTime > next.closeTime)) {
      throw new DomainError('invalidParam', { field: 'last_entry_time' });
    }
    const { closedWeekdays, closures } = input.fields;
    let specialDays = input.fields.specialDays;
    if (closures) {
      // The closures own the closed days; the other special days are those given, else those kept.
      if (specialDays?.some((d) => d.kind === 'closed')) {
        throw new DomainError('invalidParam', { field: 'special_days' });
      }
      const expanded = closureDays(closures);
      if (!expanded.ok) throw new DomainError('invalidParam', { field: 'closures' });
      const others = specialDays ?? before.specialDays.filter((d) => d.kind !== 'closed');
      const closed = new Set(expanded.days.map((d) => d.date));
      if (others.some((d) => closed.has(d.date))) throw new DomainError('invalidParam', { field: 'closures' });
      specialDays = [
        ...others,
        ...expanded.days.map((d): SpecialDay => ({ ...d, kind: 'closed', openTime: null, closeTime: null })),
      ];
    }
    if (specialDays) {
      if (new Set(specialDays.map((d) => d.date)).size !== specialDays.length) {
        throw new DomainError('invalidParam', { field: 'special_days' });
      }
      // Extended hours need their closing time (opening as usual unless given); an open day may keep the usual hours.
      for (const d of specialDays) {
        const reversed = (d.openTime ?? next.openTime) >= (d.closeTime ?? next.closeTime);
        if ((d.kind !== 'closed' && reversed) || (d.kind === 'extended' && !d.closeTime)) {
          throw new DomainError('invalidParam', { field: 'special_days' });
        }
      }
    }
    const columns: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(COLUMNS)) {
      const v = input.fields[key as keyof ProfileFields];
      if (v !== undefined) columns[column] = v;
    }
    if (Object.keys(columns).length) {
      await trx('parks')
        .where({ id: input.parkId })
        .update({ ...columns, updated_at: new Date() });
    }
    if (closedWeekdays) {
      await trx('park_closed_weekdays').where({ park_id: input.parkId }).delete();
      const days = [...new Set(closedWeekdays)];
      if (days.length) {
        await trx('park_closed_weekdays').insert(days.map((w) => ({ park_id: input.parkId, weekday_id: w })));
      }
    }
    if (specialDays) {
      await trx('park_special_days').where({ park_id: input.parkId }).delete();
      if (specialDays.length) {
        await trx('park_special_days').insert(
          specialDays.map((d) => ({
            park_id: input.parkId,
            date: d.date,
            kind: d.kind,
            open_time: d.kind === 'closed' ? null : d.openTime,
            close_time: d.kind === 'closed' ? null : d.closeTime,
            note_ja: d.noteJa,
            note_en: d.noteEn ?? null,
          })),
        );
      }
    }
    const after = (await loadOfficeProfile(trx, input.parkId)) as OfficeParkProfile;
    const keys = Object.keys(input.fields) as (keyof OfficeParkProfile)[];
    const pick = (o: OfficeParkProfile) => Object.fromEntries(keys.map((k) => [k, o[k]]));
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'park',
      entityId: input.parkId,
      action: 'profile',
      before: pick(before),
      after: pick(after),
    });
    return after;
  });
}
