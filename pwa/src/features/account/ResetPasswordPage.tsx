import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { message } from '../../../../common/messages';
import { isValidPassword } from '../../../../common/rules/password';
import { apiCode, errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { useResetPasswordMutation } from './accountApi';
import { LiveMessage, SubmitButton, TextField } from './components';
import { passwordErrors } from './helpers';

/** /reset-password?email=&token=: set a new password with the mailed link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const token = query.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);

  const live = passwordErrors(password, confirmation, locale);
  const passwordError =
    live.password ??
    (touched && !password ? message('required', locale, { field: t('account.fields.newPassword') }) : undefined);
  const confirmationError =
    live.confirmation ??
    (touched && !confirmation
      ? message('required', locale, { field: t('account.fields.newPasswordConfirmation') })
      : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!isValidPassword(password) || password !== confirmation) return;
    setServerError(null);
    try {
      await reset({ email, token, password, password_confirmation: confirmation }).unwrap();
      navigate('/reset-password/notify', { replace: true });
    } catch (err) {
      setServerError(errorText(err, locale));
      setLinkInvalid(apiCode(err) === 'resetInvalid');
    }
  };

  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.reset.title')}</h1>
      <section className="panel">
        <form className="account-form" onSubmit={submit} noValidate data-testid="reset-form">
          <div className="field">
            <span className="field-label">{t('account.fields.email')}</span>
            <p className="readonly-value">{email}</p>
          </div>
          <TextField
            label={t('account.fields.newPassword')}
            type="password"
            name="password"
            autoComplete="new-password"
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError}
            hint={message('passwordRule', locale)}
            required
          />
          <TextField
            label={t('account.fields.newPasswordConfirmation')}
            type="password"
            name="password_confirmation"
            autoComplete="new-password"
            maxLength={128}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={confirmationError}
            required
          />
          <LiveMessage text={serverError}>
            {linkInvalid && (
              <p>
                <Link to="/forgot-password">{t('account.reset.startOver')}</Link>
              </p>
            )}
          </LiveMessage>
          <SubmitButton busy={isLoading}>{t('account.reset.submit')}</SubmitButton>
        </form>
      </section>
    </div>
  );
}
