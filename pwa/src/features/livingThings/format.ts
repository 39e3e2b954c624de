// Pure formatting helpers of the animal pages (units, ages, dates), unit-tested.

type T = (key: string, options?: Record<string, unknown>) => string;

const trim = (n: number, digits: number) => Number(n.toFixed(digits)).toLocaleString('en-US');

/** A weight in kg as people say it: grams under 1 kg, tonnes from 1,000 kg. */
export function formatWeight(kg: number | null, t: T): string {
  if (kg === null || kg === undefined) return t('catalogue.livingThing.unknown');
  if (kg < 1) return t('catalogue.livingThing.g', { value: trim(kg * 1000, kg < 0.01 ? 1 : 0) });
  if (kg >= 1000) return t('catalogue.livingThing.t', { value: trim(kg / 1000, 1) });
  return t('catalogue.livingThing.kg', { value: trim(kg, kg < 10 ? 1 : 0) });
}

/** A length in cm: millimetres under 1 cm, metres from 100 cm. */
export function formatLength(cm: number | null, t: T): string {
  if (cm === null || cm === undefined) return t('catalogue.livingThing.unknown');
  if (cm < 1) return t('catalogue.livingThing.mm', { value: trim(cm * 10, 1) });
  if (cm >= 100) return t('catalogue.livingThing.m', { value: trim(cm / 100, 1) });
  return t('catalogue.livingThing.cm', { value: trim(cm, 1) });
}

/** Age on `today` (both YYYY-MM-DD): days under 2 months, months under 2 years, then years. */
export function ageOf(birthday: string, today: string): { unit: 'days' | 'months' | 'years'; count: number } | null {
  const b = new Date(`${birthday}T00:00:00Z`);
  const d = new Date(`${today}T00:00:00Z`);
  if (Number.isNaN(b.getTime()) || Number.isNaN(d.getTime()) || d < b) return null;
  let months = (d.getUTCFullYear() - b.getUTCFullYear()) * 12 + (d.getUTCMonth() - b.getUTCMonth());
  if (d.getUTCDate() < b.getUTCDate()) months -= 1;
  if (months < 2) return { unit: 'days', count: Math.round((d.getTime() - b.getTime()) / 86_400_000) };
  if (months < 24) return { unit: 'months', count: months };
  return { unit: 'years', count: Math.floor(months / 12) };
}

/** A calendar date (YYYY-MM-DD) in the UI language. */
export function formatDate(date: string, locale: string): string {
  const d = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: date.length === 10 ? 'UTC' : 'Asia/Tokyo',
  }).format(d);
}
