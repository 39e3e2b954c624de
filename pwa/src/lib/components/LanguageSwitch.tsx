import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { api } from '../api';
import { setLocale } from '../i18n';

/** Toggles ja/en in place: the URL does not change, the choice goes to the locale cookie. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const next = i18n.language === 'en' ? 'ja' : 'en';
  return (
    <button
      type="button"
      className="lang-switch"
      aria-label={t('nav.switchLanguageLabel')}
      data-testid="language-switch"
      lang={next}
      onClick={async () => {
        await setLocale(next);
        // Catalogue answers are per language: drop the cache so every query refetches in the new one.
        dispatch(api.util.resetApiState());
      }}
    >
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 2.5 15.3 0 18M12 3c-2.5 2.7-2.5 15.3 0 18" />
      </svg>
      {t('nav.switchLanguage')}
    </button>
  );
}
