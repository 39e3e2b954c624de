import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { isValidPassword } from '../../../../common/rules/password';
import { errorText } from '../../lib/apiErrors';
import { refreshProfile } from '../../lib/sessionService';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useChangePasswordMutation } from './accountApi';
import { LiveMessage, ProfileGate, SubmitButton, TextField } from './components';
import { passwordErrors } from './helpers';

function PasswordForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const hasPassword = profile.has_password;

  const live = passwordErrors(password, confirmation, locale);
  const required = (value: string, field: string) =>
    touched && !value ? message('required', locale, { field: t(`account.fields.${field}`) }) : undefined;
  const currentError = hasPassword ? required(current, 'currentPassword') : undefined;
  const passwordError = live.password ?? required(password, 'newPassword');
  const confirmationError = live.confirmation ?? required(confirmation, 'newPasswordConfirmation');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if ((hasPassword && !current) || !isValidPassword(password) || password !== confirmation) return;
    setServerError(null);
    try {
      const res = await changePassword({
        ...(hasPassword ? { current_password: current } : {}),
        password,
        password_confirmation: confirmation,
      }).unwrap();
      showToast({ text: res.meta.message ?? message('passwordChanged', locale), kind: 'success' });
      await refreshProfile();
      navigate('/me/settings');
    } catch (err) {
      setServerError(errorText(err, locale));
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="password-form">
      {!hasPassword && <p className="notice">{t('account.password.setLead')}</p>}
      {hasPassword && (
        <TextField
          label={t('account.fields.currentPassword')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          maxLength={128}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={currentError}
          required
        />
      )}
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
      <LiveMessage text={serverError} />
      <SubmitButton busy={isLoading}>
        {hasPassword ? t('account.password.submitChange') : t('account.password.submitSet')}
      </SubmitButton>
    </form>
  );
}

/** /me/settings/password (parents): change the password, or set a first one for social accounts. */
export default function PasswordPage() {
  const { t } = useTranslation();
  return (
    <ProfileGate>
      {(profile) => (
        <div className="account-page stack">
          <h1 className="page-title">
            {profile.has_password ? t('account.password.changeTitle') : t('account.password.setTitle')}
          </h1>
          <section className="panel">
            <PasswordForm key={profile.id} profile={profile} />
          </section>
          <p className="account-links">
            <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
          </p>
        </div>
      )}
    </ProfileGate>
  );
}
