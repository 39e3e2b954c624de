import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { message } from '../../../../common/messages';
import { normalizeEmail } from '../../../../common/rules/email';
import { errorText } from '../../lib/apiErrors';
import { completeSignIn } from '../../lib/sessionService';
import { useLocale } from '../../lib/useLocale';
import { type SocialIdentity, useRegisterSocialMutation, useSocialUserQuery } from './accountApi';
import { LiveMessage, SubmitButton, TermsCheckbox, TextField } from './components';
import { clearSocialHandoff, emailError, readSocialHandoff, type SocialHandoff, signInTarget } from './helpers';

function RegisterProviderForm({
  handoff,
  identity,
  onRegistered,
}: {
  handoff: SocialHandoff;
  identity: SocialIdentity;
  onRegistered(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [registerSocial, { isLoading }] = useRegisterSocialMutation();
  const [name, setName] = useState(identity.name ?? '');
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const needsEmail = !identity.email;

  const nameError =
    touched && !name.trim() ? message('required', locale, { field: t('account.fields.name') }) : undefined;
  const mailError = touched && needsEmail ? emailError(email, locale, t('account.fields.email')) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim() || !agreed || (needsEmail && emailError(email, locale, ''))) return;
    setServerError(null);
    try {
      const token = await registerSocial({
        provider: handoff.provider,
        id: handoff.id,
        name: name.trim(),
        email: needsEmail ? normalizeEmail(email) : undefined,
      }).unwrap();
      setFinishing(true);
      onRegistered();
      clearSocialHandoff();
      await completeSignIn(token);
      navigate(signInTarget(null), { replace: true });
    } catch (err) {
      setFinishing(false);
      setServerError(errorText(err, locale));
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="register-provider-form">
      {needsEmail ? (
        <TextField
          label={t('account.fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={mailError}
          hint={t('account.registerProvider.emailHint')}
          required
        />
      ) : (
        <div className="field">
          <span className="field-label">{t('account.fields.email')}</span>
          <p className="readonly-value" data-testid="provider-email">
            {identity.email}
          </p>
        </div>
      )}
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
      <TermsCheckbox checked={agreed} onChange={setAgreed} />
      {touched && !agreed && <p className="field-error">{t('account.terms.mustAgree')}</p>}
      <LiveMessage text={serverError} />
      <SubmitButton busy={isLoading || finishing}>{t('account.registerProvider.submit')}</SubmitButton>
    </form>
  );
}

/** /register/:provider: finish registering with the identity the provider returned. */
export default function RegisterProviderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { provider = '' } = useParams();
  // Read once: the hand-off is removed when registration succeeds, before the page is left.
  const [handoff] = useState(() => readSocialHandoff(provider));
  const [registered, setRegistered] = useState(false);
  const { data, isLoading, error } = useSocialUserQuery(handoff ?? { provider: 'google', id: '' }, {
    skip: !handoff || registered,
  });

  if (!handoff || handoff.provider !== provider) return <Navigate to="/register" replace />;
  const providerName = t(`account.social.provider.${handoff.provider}`);

  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.registerProvider.title', { provider: providerName })}</h1>
      <p>{t('account.registerProvider.lead', { provider: providerName })}</p>
      <section className="panel">
        {isLoading || registered ? (
          <div className="loading" role="status" aria-live="polite">
            <span className="spinner" aria-hidden="true" />
            {t('app.loading')}
          </div>
        ) : error || !data ? (
          <div className="stack">
            <p className="account-alert account-alert--error" role="alert">
              {errorText(error, locale)}
            </p>
            <Link className="button button--primary button--block" to="/register">
              {t('account.registerProvider.startOver')}
            </Link>
          </div>
        ) : data.data.registered ? (
          <div className="stack">
            <p className="notice">{t('account.registerProvider.alreadyRegistered', { provider: providerName })}</p>
            <Link className="button button--primary button--block" to="/signin">
              {t('account.register.toSignin')}
            </Link>
          </div>
        ) : (
          <RegisterProviderForm handoff={handoff} identity={data.data} onRegistered={() => setRegistered(true)} />
        )}
      </section>
    </div>
  );
}
