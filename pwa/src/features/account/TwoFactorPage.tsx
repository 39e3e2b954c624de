// /me/settings/two-factor: two-factor sign-in (TOTP) for staff accounts. Off: start, scan the QR code (or type the
// secret) into an authenticator app, confirm with its first code, keep the recovery codes shown once. On: how many
// recovery codes are left, and turning it off with a code (refused while a park requires it).
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TwoFactorSetup } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import {
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useSetupTwoFactorMutation,
  useTwoFactorStatusQuery,
} from './accountApi';
import { LiveMessage, ProfileGate, SubmitButton, TextField } from './components';
import './twoFactor.css';

/** The otpauth URI as a QR code image, drawn here: the secret never leaves the page for an image service. */
function SecretQr({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 220 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img className="two-factor__qr" src={src} alt={label} width="220" height="220" data-testid="two-factor-qr" />
  ) : (
    <div className="two-factor__qr" aria-hidden="true" />
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="panel stack" aria-labelledby="recovery-title" data-testid="recovery-codes">
      <h2 id="recovery-title">{t('account.twoFactor.recoveryTitle')}</h2>
      <p>{t('account.twoFactor.recoveryKeep')}</p>
      <ol className="two-factor__codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TurnOn({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [setup, setupState] = useSetupTwoFactorMutation();
  const [confirm, confirmState] = useConfirmTwoFactorMutation();
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    try {
      setSecret(await setup().unwrap());
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(message('invalidParam', locale, { field: t('account.twoFactor.code') }));
      return;
    }
    setError(null);
    try {
      onDone((await confirm(code.trim()).unwrap()).recoveryCodes);
    } catch (err) {
      setError(errorText(err, locale));
    }
  };

  if (!secret) {
    return (
      <section className="panel stack">
        <p>{t('account.twoFactor.offLead')}</p>
        <LiveMessage text={error} />
        <button
          type="button"
          className="button button--primary"
          onClick={() => void start()}
          disabled={setupState.isLoading}
          data-testid="two-factor-start"
        >
          {t('account.twoFactor.start')}
        </button>
      </section>
    );
  }
  return (
    <section className="panel stack" data-testid="two-factor-setup">
      <ol className="two-factor__steps">
        <li>{t('account.twoFactor.scan')}</li>
        <li>{t('account.twoFactor.enterCode')}</li>
      </ol>
      <div className="two-factor__pair">
        <SecretQr uri={secret.otpauthUri} label={t('account.twoFactor.qrAlt')} />
        <div className="stack">
          <p className="muted">{t('account.twoFactor.typeSecret')}</p>
          <code className="two-factor__secret" data-testid="two-factor-secret">
            {secret.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <form className="account-form" onSubmit={submit} noValidate>
        <TextField
          type="text"
          label={t('account.twoFactor.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          data-testid="two-factor-confirm-code"
          required
        />
        <LiveMessage text={error} />
        <SubmitButton busy={confirmState.isLoading}>{t('account.twoFactor.confirm')}</SubmitButton>
      </form>
    </section>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [disable, state] = useDisableTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(message('required', locale, { field: t('account.twoFactor.codeOrRecovery') }));
      return;
    }
    setError(null);
    try {
      await disable(/^\d{6}$/.test(value) ? { code: value } : { recovery_code: value }).unwrap();
      onDone();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  return (
    <form className="panel account-form" onSubmit={submit} noValidate>
      <h2>{t('account.twoFactor.turnOff')}</h2>
      <TextField
        type="text"
        label={t('account.twoFactor.codeOrRecovery')}
        name="code"
        autoComplete="one-time-code"
        maxLength={32}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
      <LiveMessage text={error} />
      <SubmitButton busy={state.isLoading}>{t('account.twoFactor.turnOff')}</SubmitButton>
    </form>
  );
}

function TwoFactorSettings() {
  const { t, i18n } = useTranslation();
  const { data: status, refetch } = useTwoFactorStatusQuery();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!status) return <div className="loading" role="status" aria-busy="true" />;
  return (
    <>
      {status.requiredByParks.length > 0 && !status.enabled && (
        <p className="account-alert account-alert--error" role="alert" data-testid="two-factor-required">
          {t('account.twoFactor.requiredNotice')}
        </p>
      )}
      {status.enabled ? (
        <>
          <p className="account-alert account-alert--success" data-testid="two-factor-on">
            {t('account.twoFactor.onSince', {
              date: new Date(status.enabledAt ?? Date.now()).toLocaleDateString(i18n.language, {
                timeZone: 'Asia/Tokyo',
              }),
            })}
          </p>
          {codes && <RecoveryCodes codes={codes} />}
          <p className="muted">{t('account.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}</p>
          {status.requiredByParks.length > 0 ? (
            <p className="muted">{t('account.twoFactor.cannotTurnOff')}</p>
          ) : (
            <TurnOff onDone={() => void refetch()} />
          )}
        </>
      ) : (
        <TurnOn
          onDone={(c) => {
            setCodes(c);
            void refetch();
          }}
        />
      )}
    </>
  );
}

/** /me/settings/two-factor */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  return (
    <ProfileGate>
      {() => (
        <div className="account-page stack" data-testid="two-factor-page">
          <h1 className="page-title">{t('account.twoFactor.title')}</h1>
          <TwoFactorSettings />
          <p className="account-links">
            <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
          </p>
        </div>
      )}
    </ProfileGate>
  );
}
