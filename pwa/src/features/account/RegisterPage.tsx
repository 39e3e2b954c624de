import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { message } from '../../../../common/messages';
import { normalizeEmail } from '../../../../common/rules/email';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { useCheckEmailExistsMutation } from './accountApi';
import { LiveMessage, SubmitButton, TextField } from './components';
import { emailError } from './helpers';
import { SocialButtons } from './SocialButtons';

/** /register: start with an e-mail address (checked first) or with a social provider. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [checkEmail, { isLoading }] = useCheckEmailExistsMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [taken, setTaken] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const problem = touched ? emailError(email, locale, t('account.fields.email')) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setTaken(false);
    setServerError(null);
    if (emailError(email, locale, '')) return;
    const address = normalizeEmail(email);
    try {
      const { data } = await checkEmail(address).unwrap();
      if (data.exists) setTaken(true);
      else navigate(`/register/email?email=${encodeURIComponent(address)}`);
    } catch (err) {
      setServerError(errorText(err, locale));
    }
  };

  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.register.title')}</h1>
      <p>{t('account.register.lead')}</p>

      <section className="panel" aria-labelledby="register-email">
        <h2 id="register-email">{t('account.register.withEmail')}</h2>
        <form className="account-form" onSubmit={submit} noValidate data-testid="register-start-form">
          <TextField
            label={t('account.fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setTaken(false);
            }}
            error={problem}
            required
          />
          <LiveMessage text={taken ? message('emailTaken', locale) : serverError}>
            {taken && (
              <p>
                <Link to="/signin">{t('account.register.toSignin')}</Link>
              </p>
            )}
          </LiveMessage>
          <SubmitButton busy={isLoading}>{t('account.register.next')}</SubmitButton>
        </form>
      </section>

      <section className="panel" aria-labelledby="register-social">
        <h2 id="register-social">{t('account.register.withSocial')}</h2>
        <SocialButtons intent="register" />
      </section>

      <p className="account-links">
        {t('account.register.haveAccount')} <Link to="/signin">{t('account.register.toSignin')}</Link>
      </p>
    </div>
  );
}
