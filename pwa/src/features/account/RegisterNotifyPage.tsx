import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { message } from '../../../../common/messages';
import { isValidEmail } from '../../../../common/rules/email';
import { errorText } from '../../lib/apiErrors';
import { Icon } from '../../lib/components/Icon';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useResendVerificationMutation } from './accountApi';
import { LiveMessage } from './components';
import { RESEND_AFTER_MS } from './helpers';

/** Shows a resend button once `delayMs` has passed since the page opened. */
function useDelayPassed(delayMs: number): boolean {
  const [passed, setPassed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return passed;
}

/** /register/notify?email=: temporary registration done; open the mailed link within 10 minutes. */
export default function RegisterNotifyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const canResend = isValidEmail(email);
  const showResend = useDelayPassed(RESEND_AFTER_MS);
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [result, setResult] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);

  const resendMail = async () => {
    try {
      const res = await resend(email).unwrap();
      const text = res.meta.message ?? message('verificationResent', locale);
      setResult({ text, kind: 'success' });
      showToast({ text, kind: 'success' });
    } catch (err) {
      setResult({ text: errorText(err, locale), kind: 'error' });
    }
  };

  return (
    <div className="account-page stack" data-testid="register-notify">
      <h1 className="page-title">{t('account.registerNotify.title')}</h1>
      <section className="panel stack">
        <p className="account-mail-art">
          <Icon name="mail" size={48} />
        </p>
        <p className="lead-text">{message('registrationSent', locale)}</p>
        {canResend && (
          <p>
            {t('account.registerNotify.sentTo')} <strong className="readonly-value">{email}</strong>
          </p>
        )}
        <p className="muted">{message('resendSuggestion', locale)}</p>
        <p className="muted">{t('account.registerNotify.checkSpam')}</p>
      </section>
      {canResend && showResend && (
        <section className="panel resend-panel" aria-labelledby="resend-title">
          <h2 id="resend-title">{t('account.registerNotify.noMail')}</h2>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => void resendMail()}
            disabled={isLoading}
            aria-busy={isLoading || undefined}
          >
            {t('account.registerNotify.resend')}
          </button>
        </section>
      )}
      <LiveMessage text={result?.text} kind={result?.kind} />
      <p className="account-links">
        <Link to="/signin">{t('account.registerNotify.toSignin')}</Link>
      </p>
    </div>
  );
}
