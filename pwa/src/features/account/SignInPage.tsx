import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { message } from '../../../../common/messages';
import { useAppSelector } from '../../app/store';
import { apiCode, errorText } from '../../lib/apiErrors';
import { completeSignIn } from '../../lib/sessionService';
import { useLocale } from '../../lib/useLocale';
import { needsSecondFactor, type TokenResponse, useLoginMutation, useResendVerificationMutation } from './accountApi';
import { BotCheck } from './BotCheck';
import { LiveMessage, SubmitButton, TextField } from './components';
import { emailError, isSocialProvider, rememberReturnUrl, signInTarget } from './helpers';
import { SocialButtons } from './SocialButtons';
import { TwoFactorStep } from './TwoFactorStep';

const CONTACT_LINKS = {
  inquiry: 'https://support.zoopass.jp/contact',
  faq: 'https://support.zoopass.jp/faq',
};

/** /signin: e-mail and password with the bot check, social sign-in, and where to get help. */
export default function SignInPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const user = useAppSelector((s) => s.session.user);
  const [login, { isLoading }] = useLoginMutation();
  const [resend, resendState] = useResendVerificationMutation();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [botToken, setBotToken] = useState<string | null>(null);
  const [botKey, setBotKey] = useState(0);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const socialError = query.get('social_error');
  const emailProblem = touched ? emailError(email, locale, t('account.fields.email')) : undefined;
  const passwordProblem =
    touched && !password ? message('required', locale, { field: t('account.fields.password') }) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setResent(null);
    if (emailError(email, locale, '') || !password || !botToken) return;
    setServerError(null);
    setUnverified(false);
    try {
      const answer = await login({ email: email.trim(), password, bot_token: botToken }).unwrap();
      if (needsSecondFactor(answer)) {
        setChallenge(answer.challenge);
        return;
      }
      await finish(answer);
    } catch (err) {
      setFinishing(false);
      setServerError(errorText(err, locale));
      const code = apiCode(err);
      if (code === 'emailNotVerified') setUnverified(true);
      // A bot-check token works once (local and Turnstile alike): a new check for the next attempt.
      setBotToken(null);
      setBotKey((k) => k + 1);
    }
  };

  const finish = async (token: TokenResponse) => {
    setFinishing(true);
    await completeSignIn(token);
    navigate(signInTarget(query.get('redirect')), { replace: true });
  };

  const resendMail = async () => {
    try {
      const res = await resend(email.trim()).unwrap();
      setResent(res.meta.message ?? message('verificationResent', locale));
    } catch (err) {
      setResent(null);
      setServerError(errorText(err, locale));
    }
  };

  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.signin.title')}</h1>
      {user && (
        <p className="notice">
          {t('account.signin.already', { name: user.name })} <Link to="/me">{t('account.me.title')}</Link>
        </p>
      )}
      {socialError && (
        <p className="account-alert account-alert--error" role="alert">
          {t('account.signin.socialError', {
            provider: isSocialProvider(socialError)
              ? t(`account.social.provider.${socialError}`)
              : t('account.signin.theProvider'),
          })}
        </p>
      )}

      {challenge && <TwoFactorStep challenge={challenge} onSignedIn={finish} />}

      <section className="panel" aria-labelledby="signin-email" hidden={!!challenge}>
        <h2 id="signin-email">{t('account.signin.withEmail')}</h2>
        <form className="account-form" onSubmit={submit} noValidate data-testid="signin-form">
          <TextField
            label={t('account.fields.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            maxLength={254}
            onChange={(e) => setEmail(e.target.value)}
            error={emailProblem}
            required
          />
          <TextField
            label={t('account.fields.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            maxLength={128}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordProblem}
            required
          />
          <BotCheck key={botKey} onToken={setBotToken} />
          <LiveMessage text={serverError}>
            {unverified && (
              <button
                type="button"
                className="button button--small"
                onClick={() => void resendMail()}
                disabled={resendState.isLoading || !!resent}
              >
                {t('account.signin.resendVerification')}
              </button>
            )}
          </LiveMessage>
          <LiveMessage text={resent} kind="success" />
          <SubmitButton busy={isLoading || finishing} disabled={!botToken}>
            {t('account.signin.submit')}
          </SubmitButton>
          {!botToken && <p className="field-hint">{t('account.bot.required')}</p>}
        </form>
        <p className="account-links">
          <Link to="/forgot-password">{t('account.signin.forgot')}</Link>
        </p>
      </section>

      <section className="panel" aria-labelledby="signin-social" hidden={!!challenge}>
        <h2 id="signin-social">{t('account.signin.withSocial')}</h2>
        <SocialButtons intent="login" beforeRedirect={() => rememberReturnUrl(query.get('redirect'))} />
      </section>

      <section className="panel" aria-labelledby="signin-new" hidden={!!challenge}>
        <h2 id="signin-new">{t('account.signin.newHere')}</h2>
        <p>{t('account.signin.newLead')}</p>
        <Link className="button button--block" to="/register">
          {t('account.signin.toRegister')}
        </Link>
      </section>

      <section className="panel" aria-labelledby="signin-help">
        <h2 id="signin-help">{t('account.contact.title')}</h2>
        <p className="muted">{t('account.contact.lead')}</p>
        <ul className="link-list account-links">
          <li>
            <a href={CONTACT_LINKS.faq} target="_blank" rel="noreferrer">
              {t('account.contact.faq')}
            </a>
          </li>
          <li>
            <a href={CONTACT_LINKS.inquiry} target="_blank" rel="noreferrer">
              {t('account.contact.inquiry')}
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
