import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { normalizeEmail } from '../../../../common/rules/email';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { useForgotPasswordMutation } from './accountApi';
import { LiveMessage, SubmitButton, TextField } from './components';
import { emailError } from './helpers';

/** /forgot-password (auth layout): mail a reset link. The answer never tells whether the address exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = touched ? emailError(email, locale, t('account.fields.email')) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailError(email, locale, '')) return;
    setServerError(null);
    try {
      await forgot({ email: normalizeEmail(email) }).unwrap();
      navigate('/forgot-password/notify', { replace: true });
    } catch (err) {
      setServerError(errorText(err, locale));
    }
  };

  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.forgot.title')}</h1>
      <p>{t('account.forgot.lead')}</p>
      <form className="account-form" onSubmit={submit} noValidate data-testid="forgot-form">
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
        <LiveMessage text={serverError} />
        <SubmitButton busy={isLoading}>{t('account.forgot.submit')}</SubmitButton>
      </form>
      <p className="account-links">
        <Link to="/signin">{t('account.forgot.backToSignin')}</Link>
      </p>
    </div>
  );
}
