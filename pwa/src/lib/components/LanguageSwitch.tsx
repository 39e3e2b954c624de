import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { Profile } from '../../../../common/dto/user';
import { changeLanguage } from '../language';
import type { ApiDispatch } from '../prefetch';
import { showToast } from '../toast';

/**
 * Toggles ja/en in place: the URL does not change, the choice goes to the locale cookie and, signed in, to the
 * profile. Named by its visible text (the other language's name) followed by what it does.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch<ApiDispatch>();
  const profile = useSelector((s: { session: { user: Profile | null } }) => s.session.user);
  const [busy, setBusy] = useState(false);
  const next = i18n.language === 'en' ? 'ja' : 'en';
  return (
    <button
      type="button"
      className="lang-switch"
      aria-label={t('nav.switchLanguageLabel')}
      aria-busy={busy || undefined}
      disabled={busy}
      data-testid="language-switch"
      lang={next}
      onClick={async () => {
        setBusy(true);
        try {
          await changeLanguage(next, { profile, dispatch });
        } catch {
          showToast({ kind: 'error', text: t('nav.switchLanguageFailed') });
        } finally {
          setBusy(false);
        }
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
