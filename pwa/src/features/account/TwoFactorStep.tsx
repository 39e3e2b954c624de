// The second step of signing in to an account with two-factor sign-in: the 6-digit code of the authenticator app,
// or one of the recovery codes. Used after the password (SignInPage) and after a provider (SocialCallbackPage).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { type TokenResponse, useLoginTwoFactorMutation } from './accountApi';
import { LiveMessage, SubmitButton, TextField } from './components';

export function TwoFactorStep({
  challenge,
  onSignedIn,
}: {
  challenge: string;
  onSignedIn: (token: TokenResponse) => Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [answer, { isLoading }] = useLoginTwoFactorMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const field = useRecovery ? t('account.twoFactor.recoveryCode') : t('account.twoFactor.code');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(message('required', locale, { field }));
      return;
    }
    setError(null);
    try {
      const token = await answer(
        useRecovery ? { challenge, recovery_code: value } : { challenge, code: value.replace(/\s/g, '') },
      ).unwrap();
      setFinishing(true);
      await onSignedIn(token);
    } catch (err) {
      setFinishing(false);
      setError(errorText(err, locale));
    }
  };

  return (
    <section className="panel stack" aria-labelledby="two-factor-title" data-testid="two-factor-step">
      <h2 id="two-factor-title">{t('account.twoFactor.stepTitle')}</h2>
      <p className="muted">{useRecovery ? t('account.twoFactor.recoveryLead') : t('account.twoFactor.stepLead')}</p>
      <form className="account-form" onSubmit={submit} noValidate>
        <TextField
          type="text"
          key={useRecovery ? 'recovery' : 'code'}
          label={field}
          name={useRecovery ? 'recovery_code' : 'code'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          pattern={useRecovery ? undefined : '[0-9]*'}
          maxLength={useRecovery ? 32 : 6}
          value={code}
          autoFocus
          onChange={(e) => setCode(e.target.value)}
          data-testid="two-factor-code"
          required
        />
        <LiveMessage text={error} />
        <SubmitButton busy={isLoading || finishing}>{t('account.twoFactor.verify')}</SubmitButton>
      </form>
      <button
        type="button"
        className="button button--small link-button"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setCode('');
          setError(null);
        }}
      >
        {useRecovery ? t('account.twoFactor.useApp') : t('account.twoFactor.useRecovery')}
      </button>
    </section>
  );
}
