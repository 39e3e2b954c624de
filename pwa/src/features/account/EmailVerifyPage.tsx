import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { message } from '../../../../common/messages';
import { normalizeEmail } from '../../../../common/rules/email';
import { errorStatus } from '../../lib/api';
import { apiMessage, errorText } from '../../lib/apiErrors';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { Icon } from '../../lib/components/Icon';
import { useLocale } from '../../lib/useLocale';
import { useResendVerificationMutation, useVerifyEmailQuery } from './accountApi';
import { LiveMessage, SubmitButton, TextField } from './components';
import { emailError } from './helpers';

function ResendForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const problem = touched ? emailError(email, locale, t('account.fields.email')) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailError(email, locale, '')) return;
    try {
      const res = await resend(normalizeEmail(email)).unwrap();
      setResult({ text: res.meta.message ?? message('verificationResent', locale), kind: 'success' });
    } catch (err) {
      setResult({ text: errorText(err, locale), kind: 'error' });
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="verify-resend-form">
      <TextField
        label={t('account.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={problem}
        required
      />
      <LiveMessage text={result?.text} kind={result?.kind} />
      <SubmitButton busy={isLoading}>{t('account.emailVerify.resend')}</SubmitButton>
    </form>
  );
}

/** /email/verify/:token (empty layout): the link from the registration mail. */
export default function EmailVerifyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { token = '' } = useParams();
  const { data, isLoading, error } = useVerifyEmailQuery(token, { skip: !token });
  const status = errorStatus(error);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <div className="loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        {t('account.emailVerify.checking')}
      </div>
    );
  } else if (data) {
    body = (
      <div className="stack" data-testid="email-verified">
        <p className="account-result-mark account-result-mark--ok">
          <Icon name="check" size={40} />
        </p>
        <p className="lead-text" role="status">
          {data.meta.message ?? message('emailVerified', locale)}
        </p>
        <Link className="button button--primary button--block" to="/signin">
          {t('account.emailVerify.toSignin')}
        </Link>
      </div>
    );
  } else if (status === 410) {
    body = (
      <div className="stack" data-testid="email-verify-expired">
        <p className="account-alert account-alert--error" role="alert">
          {apiMessage(error) ?? message('verificationExpired', locale)}
        </p>
        <ResendForm />
      </div>
    );
  } else if (status === 400 || !token) {
    body = (
      <div className="stack" data-testid="email-verify-invalid">
        <p className="account-alert account-alert--error" role="alert">
          {apiMessage(error) ?? message('verificationInvalid', locale)}
        </p>
        <Link className="button button--block" to="/signin">
          {t('account.emailVerify.toSignin')}
        </Link>
      </div>
    );
  } else {
    return <ErrorPage status={status && [403, 404, 500, 503].includes(status) ? status : 500} />;
  }

  return (
    <div className="account-standalone">
      <Link to="/" className="account-standalone__brand">
        <img src="/icons/icon.svg" alt="" width="40" height="40" />
        <span>{t('app.name')}</span>
      </Link>
      <section className="auth-card account-page stack" aria-labelledby="verify-title">
        <h1 id="verify-title" className="page-title">
          {t('account.emailVerify.title')}
        </h1>
        {body}
      </section>
    </div>
  );
}
