import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { ICON_TYPES } from '../../../../common/rules/images';
import { currentLocale } from '../../lib/i18n';
import { handleUnauthorized, refreshProfile } from '../../lib/sessionService';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { Avatar } from './Avatar';
import { LiveMessage, ProfileGate, SubmitButton } from './components';
import { iconFileProblem } from './helpers';

/** POST /api/v1/me/icon as multipart (field "icon"): the status and the server's localised message. */
async function uploadIcon(file: File): Promise<{ ok: boolean; status: number; message?: string }> {
  const body = new FormData();
  body.append('icon', file, file.name);
  const res = await fetch('/api/v1/me/icon', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': currentLocale() },
    body,
  });
  const json = (await res.json().catch(() => null)) as { meta?: { message?: string } } | null;
  return { ok: res.ok, status: res.status, message: json?.meta?.message };
}

function ChangeIconForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setServerError(null);
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const head = new Uint8Array(await chosen.slice(0, 16).arrayBuffer());
    const problem = iconFileProblem(chosen, head);
    setFileError(problem ? message(problem, locale) : null);
    setFile(problem ? null : chosen);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setServerError(null);
    try {
      const res = await uploadIcon(file);
      if (res.status === 401) {
        void handleUnauthorized();
        return;
      }
      if (!res.ok) {
        setServerError(res.message ?? message('serverError', locale));
        return;
      }
      showToast({ text: res.message ?? message('accountUpdated', locale), kind: 'success' });
      setFile(null);
      setInputKey((k) => k + 1);
      await refreshProfile();
    } catch {
      setServerError(message('serverError', locale));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="change-icon-form">
      <div className="icon-compare">
        <figure>
          <Avatar name={profile.name} iconUrl={profile.icon_url} size={96} />
          <figcaption>{t('account.changeIcon.current')}</figcaption>
        </figure>
        {preview && (
          <figure>
            <img className="avatar" src={preview} alt={t('account.changeIcon.previewAlt')} width={96} height={96} />
            <figcaption>{t('account.changeIcon.preview')}</figcaption>
          </figure>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('account.changeIcon.choose')}</label>
        <input
          key={inputKey}
          id={`${id}-file`}
          className="file-input"
          type="file"
          name="icon"
          accept={ICON_TYPES.join(',')}
          onChange={(e) => void choose(e)}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t('account.changeIcon.hint')}
        </p>
        {fileError && (
          <p id={`${id}-error`} className="field-error">
            {fileError}
          </p>
        )}
      </div>
      <LiveMessage text={serverError} />
      <SubmitButton busy={busy} disabled={!file}>
        {t('account.changeIcon.submit')}
      </SubmitButton>
    </form>
  );
}

/** /me/settings/change-icon: pick a JPEG or PNG (at most 10MB), preview it, upload it. */
export default function ChangeIconPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.changeIcon.title')}</h1>
      <section className="panel">
        <ProfileGate>{(profile) => <ChangeIconForm profile={profile} />}</ProfileGate>
      </section>
      <p className="account-links">
        <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
      </p>
    </div>
  );
}
