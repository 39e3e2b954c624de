// A verdict's words in both languages: the gate reads the device's language first and the other one beneath, for a
// crowd of visitors from anywhere. Both come with the scanner's code (no language chunk to load at a gate with no
// signal).
import type { Locale } from '../../../../common/enums';
import { formatDate, formatDateTime } from '../../lib/format';
import { staffEn } from '../../locales/en/staff';
import { staffJa } from '../../locales/staff';
import type { Verdict } from './verdict';

const WORDS = { ja: staffJa.verdict, en: staffEn.verdict } as const;

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

export interface VerdictLines {
  title: string;
  detail: string | null;
  /** The ticket the verdict is about (number, and day of use on a refusal). */
  ticket: string | null;
}

export function verdictLines(verdict: Verdict, locale: Locale): VerdictLines {
  const w = WORDS[locale];
  if (verdict.kind === 'invalid') {
    const { ticketNumber, useDate } = verdict;
    const day = useDate ? formatDate(useDate, locale) : null;
    const detail = refusalText(verdict, locale);
    if (verdict.pass || PASS_ONLY.includes(verdict.reason)) {
      // A member card: its number (pass and holder); the dates that matter are in the detail.
      return {
        title: w.pass.invalid,
        detail,
        ticket: ticketNumber ? fill(w.pass.number, { number: ticketNumber }) : null,
      };
    }
    const ticket = ticketNumber
      ? day
        ? fill(w.refusedOn, { number: ticketNumber, date: day })
        : fill(w.refused, { number: ticketNumber })
      : null;
    return { title: w.invalid, detail, ticket };
  }
  if (verdict.pass) {
    const p = verdict.pass;
    const ticket = fill(w.pass.number, { number: p.passNumber });
    if (verdict.kind === 'exit') return { title: w.exit, detail: w.exitDetail, ticket };
    if (verdict.kind === 'used') return usedLines(verdict, locale, ticket);
    const reentry = verdict.ticket?.state === 'used' ? w.reentry : null;
    const validity = p.validUntil
      ? fill(w.pass.validUntil, { date: formatDate(p.validUntil, locale) })
      : w.pass.firstEntry;
    return { title: w.admit, detail: reentry ? `${reentry} · ${validity}` : validity, ticket };
  }
  const t = verdict.ticket;
  const ticket = t?.itemName
    ? `${t.ticketNumber} · ${fill(w.holder, { item: t.itemName, holder: t.ageGroupName ?? t.unitKind })}`
    : null;
  if (verdict.kind === 'exit') return { title: w.exit, detail: w.exitDetail, ticket };
  if (verdict.kind === 'used') return usedLines(verdict, locale, ticket);
  const reentry = t?.state === 'used' ? w.reentry : null;
  return { title: w.admit, detail: t?.needsCertificate ? w.certificate : reentry, ticket };
}

/** Refusals only a member card gets. */
const PASS_ONLY: readonly string[] = ['suspended', 'notYetValid', 'expired', 'unknownPass'];

function refusalText(verdict: Extract<Verdict, { kind: 'invalid' }>, locale: Locale): string {
  const w = WORDS[locale];
  const day = verdict.useDate ? formatDate(verdict.useDate, locale) : null;
  switch (verdict.reason) {
    case 'otherDay':
      return day ? fill(w.reasons.otherDayOn, { date: day }) : w.reasons.otherDay;
    case 'suspended':
      return verdict.suspendedReason
        ? fill(w.reasons.suspended, { reason: verdict.suspendedReason })
        : w.reasons.suspendedNoReason;
    case 'notYetValid':
      return fill(w.reasons.notYetValid, { date: day ?? '' });
    case 'expired':
      return day ? fill(w.reasons.expired, { date: day }) : w.reasons.expiredNoDate;
    default:
      return fill(w.reasons[verdict.reason], { time: verdict.at ?? '', item: verdict.itemName ?? w.unknownItem });
  }
}

function usedLines(verdict: Extract<Verdict, { kind: 'used' }>, locale: Locale, ticket: string | null): VerdictLines {
  const w = WORDS[locale];
  const at = formatDateTime(verdict.usedAt, locale);
  if (verdict.inside) return { title: w.inside, detail: w.insideDetail, ticket };
  const detail = verdict.gateName
    ? fill(w.usedDetail, { at, gate: verdict.gateName })
    : fill(w.usedDetailNoGate, { at });
  return { title: w.used, detail, ticket };
}

export const otherLocale = (locale: Locale): Locale => (locale === 'ja' ? 'en' : 'ja');
