import type { Locale } from '../../common/enums';

type Localized<F extends string> = { [K in `${F}Ja`]: string | null } & { [K in `${F}En`]?: string | null };

/** The text in the request's language; English falls back to Japanese when missing. */
export function localize<F extends string>(row: Localized<F>, field: F, locale: Locale): string {
  const ja = (row as Record<string, string | null>)[`${field}Ja`] ?? '';
  if (locale === 'en') {
    const en = (row as Record<string, string | null | undefined>)[`${field}En`];
    if (en) return en;
  }
  return ja;
}

export function localizeOrNull<F extends string>(row: Localized<F>, field: F, locale: Locale): string | null {
  const text = localize(row, field, locale);
  return text === '' ? null : text;
}
