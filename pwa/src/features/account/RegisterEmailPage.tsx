import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { message } from '../../../../common/messages';
import { isValidEmail, normalizeEmail } from '../../../../common/rules/email';
import { isValidPassword } from '../../../../common/rules/password';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { useRegisterMutation } from './accountApi';
import { BotCheck } from './BotCheck';
import { LiveMessage, SubmitButton, TermsCheckbox, TextField } from './components';
import { passwordErrors } from './helpers';

/** /register/email?email=: name, password (twice), terms and the bot check; the server mails a link. */
export default function RegisterEmailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const email = normalizeEmail(query.get('email') ?? '');
  const [register, { isLoading }] = useRegisterMutation();

  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [botKey, setBotKey] = useState(0);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  if (!isValidEmail(email)) {
    return (
      <div className="account-page stack">
        <h1 className="page-title">{t('account.registerEmail.title')}</h1>
        <p className="account-alert account-alert--error" role="alert">
          {message('invalidEmail', locale)}
        </p>
        <Link className="button button--block" to="/register">
          {t('account.registerEmail.changeEmail')}
        </Link>
      </div>
    );
  }

  // Live check while typing (the shared rule), plus "required" once the form was sent.
  const live = passwordErrors(password, confirmation, locale);
  const nameError =
    touched && !name.trim() ? message('required', locale, { field: t('account.fields.name') }) : undefined;
  const passwordError =
    live.password ??
    (touched && !password ? message('required', locale, { field: t('account.fields.password') }) : undefined);
  const confirmationError =
    live.confirmation ??
    (touched && !confirmation
      ? message('required', locale, { field: t('account.fields.passwordConfirmation') })
      : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim() || !isValidPassword(password) || password !== confirmation || !agreed || !botToken) return;
    setServerError(null);
    try {
      await register({
        email,
        name: name.trim(),
        password,
        password_confirmation: confirmation,
        bot_token: botToken,
      }).unwrap();
      navigate(`/register/notify?email=${encodeURIComponent(email)}`, { replace: true });
    } catch (err) {
      setServerError(errorText(err, locale));
      // A bot-check token works once (local and Turnstile alike): a new check for the next attempt.
      setBotToken(null);
      setBotKey((k) => k + 1);
    }
  };

  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.registerEmail.title')}</h1>
      <section className="panel">
        <form className="account-form" onSubmit={submit} noValidate data-testid="register-email-form">
          <div className="field">
            <span className="field-label">{t('account.fields.email')}</span>
            <p className="readonly-value" data-testid="register-email-address">
              {email}
            </p>
            <Link to="/register" className="field-hint account-inline-link">
              {t('account.registerEmail.changeEmail')}
            </Link>
          </div>
          <TextField
            label={t('account.fields.name')}
            name="name"
            type="text"
            autoComplete="nickname"
            maxLength={50}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            hint={t('account.fields.nameHint')}
            required
          />
          <TextField
            label={t('account.fields.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError}
            hint={message('passwordRule', locale)}
            required
          />
          <TextField
            label={t('account.fields.passwordConfirmation')}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={confirmationError}
            required
          />
          <TermsCheckbox checked={agreed} onChange={setAgreed} />
          {touched && !agreed && <p className="field-error">{t('account.terms.mustAgree')}</p>}
          <BotCheck key={botKey} onToken={setBotToken} />
          <LiveMessage text={serverError} />
          <SubmitButton busy={isLoading} disabled={!botToken}>
            {t('account.registerEmail.submit')}
          </SubmitButton>
        </form>
      </section>
    </div>
  );
}
