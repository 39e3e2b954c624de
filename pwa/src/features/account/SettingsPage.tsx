import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import type { Locale } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { useAppDispatch } from '../../app/store';
import { errorText } from '../../lib/apiErrors';
import { Icon } from '../../lib/components/Icon';
import { changeLanguage } from '../../lib/language';
import { clearSession, refreshProfile } from '../../lib/sessionService';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useDeleteMeMutation, useLinkMirairoMutation } from './accountApi';
import { LiveMessage, ProfileGate, TextField } from './components';
import { UUID } from './helpers';
import { useSocialRedirect } from './SocialButtons';

interface SettingsLink {
  to: string;
  key: string;
  parentOnly?: boolean;
}

const LINKS: readonly SettingsLink[] = [
  { to: '/me/settings/account-infomation', key: 'accountInformation' },
  { to: '/me/settings/change-icon', key: 'changeIcon' },
  { to: '/me/settings/password', key: 'password', parentOnly: true },
  { to: '/me/settings/two-factor', key: 'twoFactor', parentOnly: true },
  { to: '/me/notification', key: 'notifications' },
  { to: '/me/settings/family-account', key: 'familyAccounts', parentOnly: true },
  { to: '/me/settings/registered-credit-card', key: 'registeredCards', parentOnly: true },
];

/** Language: the profile is updated with its current fields and the new language, then the UI switches. */
function LanguageSetting({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const [isLoading, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Locale | null>(null);
  const current: Locale = i18n.language === 'en' ? 'en' : 'ja';
  const shown = chosen ?? current;

  const choose = async (next: Locale) => {
    if (next === current || isLoading) return;
    setError(null);
    setChosen(next);
    setSaving(true);
    try {
      await changeLanguage(next, { profile, dispatch });
    } catch (err) {
      setError(errorText(err, locale));
    } finally {
      setChosen(null);
      setSaving(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="language-title">
      <h2 id="language-title">{t('account.settings.language')}</h2>
      <fieldset className="field chips language-choice" disabled={isLoading} aria-busy={isLoading || undefined}>
        <legend className="visually-hidden">{t('account.settings.language')}</legend>
        {(['ja', 'en'] as const).map((l) => (
          <label key={l} className="chip" lang={l}>
            <input
              type="radio"
              name="language"
              value={l}
              checked={shown === l}
              onChange={() => void choose(l)}
              data-testid={`language-${l}`}
            />
            <span className="chip-text--tall">{t(`account.settings.languageNames.${l}`)}</span>
          </label>
        ))}
      </fieldset>
      <LiveMessage text={error} />
    </section>
  );
}

/** Mirairo ID: link it (disability prices), or show that it is linked. Handles ?mirairo_link=<id> on return. */
function MirairoSetting({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query, setQuery] = useSearchParams();
  const [link] = useLinkMirairoMutation();
  const { start, pending, error: redirectError } = useSocialRedirect();
  const [result, setResult] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const [linking, setLinking] = useState(false);
  const handled = useRef<string | null>(null);
  const pendingId = query.get('mirairo_link');

  useEffect(() => {
    if (!pendingId || handled.current === pendingId) return;
    handled.current = pendingId;
    setQuery(
      (q) => {
        q.delete('mirairo_link');
        return q;
      },
      { replace: true },
    );
    if (!UUID.test(pendingId)) {
      setResult({ text: message('socialExpired', locale), kind: 'error' });
      return;
    }
    setLinking(true);
    link(pendingId)
      .unwrap()
      .then(async (res) => {
        setResult({ text: res.meta.message ?? message('mirairoLinked', locale), kind: 'success' });
        await refreshProfile();
      })
      .catch((err) => setResult({ text: errorText(err, locale), kind: 'error' }))
      .finally(() => setLinking(false));
  }, [pendingId, link, locale, setQuery]);

  return (
    <section className="panel" aria-labelledby="mirairo-title">
      <h2 id="mirairo-title">{t('account.settings.mirairoTitle')}</h2>
      <p className="muted">{t('account.settings.mirairoLead')}</p>
      {profile.mirairo_flag === 1 ? (
        <p className="linked-state" data-testid="mirairo-linked">
          <Icon name="check" size={18} /> {t('account.settings.mirairoLinked')}
        </p>
      ) : (
        <button
          type="button"
          className="button button--block social-button social-button--mirairo"
          disabled={pending !== null || linking}
          aria-busy={pending !== null || linking || undefined}
          onClick={() => void start('mirairo', 'link')}
          data-testid="mirairo-link"
        >
          {t('account.settings.mirairoLink')}
        </button>
      )}
      <LiveMessage text={result?.text ?? redirectError} kind={result?.kind ?? 'error'} />
    </section>
  );
}

/** Account deletion behind a confirmation dialog (and the password, when the account has one). */
function DeleteAccount({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [deleteMe] = useDeleteMeMutation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setPassword('');
    setError(null);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (profile.has_password && !password) {
      setError(message('required', locale, { field: t('account.fields.currentPassword') }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await deleteMe(profile.has_password ? { password } : {}).unwrap();
      close();
      await clearSession();
      showToast({ text: res.meta.message ?? message('accountDeleted', locale), kind: 'success' });
      navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      setError(errorText(err, locale));
    }
  };

  return (
    <section className="panel danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title" className="danger-zone__title">
        {t('account.delete.title')}
      </h2>
      <p className="muted">{t('account.delete.lead')}</p>
      <button type="button" className="button button--danger button--block" onClick={open} data-testid="delete-account">
        {t('account.delete.open')}
      </button>
      <dialog ref={dialog} className="account-dialog" aria-labelledby={titleId}>
        <form className="account-form" onSubmit={confirm} noValidate>
          <h2 id={titleId} className="account-dialog__title">
            {t('account.delete.confirmTitle')}
          </h2>
          <p>{profile.has_password ? t('account.delete.confirmLead') : t('account.delete.confirmLeadNoPassword')}</p>
          {profile.has_password && (
            <TextField
              label={t('account.fields.currentPassword')}
              type="password"
              name="password"
              autoComplete="current-password"
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          )}
          <LiveMessage text={error} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close} disabled={busy}>
              {t('account.common.cancel')}
            </button>
            <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('account.common.sending') : t('account.delete.confirm')}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}

function SettingsContent({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const isChild = profile.child_flag === 1;
  return (
    <div className="account-page stack" data-testid="settings-page">
      <h1 className="page-title">{t('account.settings.title')}</h1>
      <nav aria-label={t('account.settings.title')}>
        <ul className="menu-list">
          {LINKS.filter((l) => !(l.parentOnly && isChild)).map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="menu-list__link">
                <span>
                  {l.key === 'password' && !profile.has_password
                    ? t('account.settings.links.setPassword')
                    : t(`account.settings.links.${l.key}`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSetting profile={profile} />
      <MirairoSetting profile={profile} />
      {!isChild && <DeleteAccount profile={profile} />}
      <p className="account-links">
        <Link to="/me">{t('account.common.backToMe')}</Link>
      </p>
    </div>
  );
}

/** /me/settings: settings menu, language (saved to the profile), Mirairo ID link, account deletion. */
export default function SettingsPage() {
  return <ProfileGate>{(profile) => <SettingsContent profile={profile} />}</ProfileGate>;
}
