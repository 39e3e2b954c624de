import type { ParkDetail } from '../../../../common/dto/park';

export type ClosedDaysSummary = { kind: 'weekly'; days: string } | { kind: 'irregular' } | { kind: 'none' };

/**
 * What the park's closing days come to: weekly days, or irregular ones (a note or closed days in its calendar
 * but no weekly day), or none at all; only the last may be called "no regular closing day".
 */
export function closedDaysSummary(
  park: Pick<ParkDetail, 'closedWeekdays' | 'closedDaysNote'> & { specialDays: { kind: string }[] },
): ClosedDaysSummary {
  if (park.closedWeekdays.length > 0)
    return { kind: 'weekly', days: park.closedWeekdays.map((d) => d.name).join('・') };
  if (park.closedDaysNote?.trim() || park.specialDays.some((d) => d.kind === 'closed')) return { kind: 'irregular' };
  return { kind: 'none' };
}
