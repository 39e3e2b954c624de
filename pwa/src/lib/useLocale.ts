import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../common/enums';

/** The UI language as a Locale (the shared message catalogue's and the formatters'), re-rendering on change. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ja';
}
