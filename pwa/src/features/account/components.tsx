// Small building blocks shared by the account pages: labelled fields with their errors, the aria-live region for
// server messages, the submit button, the terms checkbox and the profile gate.
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { useAppSelector } from '../../app/store';
import { errorStatus } from '../../lib/api';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { tokenExpiry } from '../../lib/session';
import { useLazyGetMeQuery } from './accountApi';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
};

/** A label bound to its input, an optional hint, and the field's error underneath. */
export function TextField({ label, error, hint, id: givenId, ...input }: InputProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The aria-live region of a form: always in the page so screen readers announce what appears in it.
 * Server messages (errors and confirmations) go here.
 */
export function LiveMessage({
  text,
  kind = 'error',
  children,
}: {
  text?: string | null;
  kind?: 'error' | 'success' | 'info';
  children?: ReactNode;
}) {
  return (
    <div className="live-region" aria-live="polite" data-testid="server-message">
      {text && (
        <div className={`account-alert account-alert--${kind}`}>
          <p>{text}</p>
          {children}
        </div>
      )}
    </div>
  );
}

export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? t('account.common.sending') : children}
    </button>
  );
}

/** Terms of service and privacy policy: links open in a new tab so the form keeps its input. */
export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange(value: boolean): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field terms">
      <p className="field-hint">
        {t('account.terms.readFirst')}{' '}
        <a href="/page/terms" target="_blank" rel="noreferrer">
          {t('account.terms.terms')}
        </a>
        {' / '}
        <a href="/page/privacy" target="_blank" rel="noreferrer">
          {t('account.terms.privacy')}
        </a>
      </p>
      <label className="check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} required />
        <span>{t('account.terms.agree')}</span>
      </label>
    </div>
  );
}

/**
 * Loading, error and signed-out states around a page that needs the profile. The profile is the session slice's
 * user, refreshed once per page by GET /api/v1/me; that call also runs the 401 flow when the session has ended
 * (clear it, remember the page, go to sign-in). It is a one-off call on purpose: a query hook would fetch again
 * after the 401 flow resets the API cache and start a second flow that forgets the page to come back to.
 */
export function ProfileGate({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const stored = useAppSelector((s) => s.session.user);
  const [fetchMe, result] = useLazyGetMeQuery();
  // Only a visitor without any session is sent to sign-in from here; an ended session navigates by itself.
  const [guest] = useState(() => !stored && tokenExpiry() === null);
  const started = useRef(false);
  useEffect(() => {
    if (guest || started.current) return;
    started.current = true;
    void fetchMe();
  }, [guest, fetchMe]);

  const profile: Profile | null = stored ?? result.data?.data ?? null;
  if (profile) return <>{children(profile)}</>;
  if (guest) {
    return <Navigate to={`/signin?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  const status = errorStatus(result.error);
  // 401: the sign-in flow is under way; keep the spinner until it navigates.
  if (!result.error || status === 401) {
    return (
      <div className="loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        {t('app.loading')}
      </div>
    );
  }
  return <ErrorPage status={status && [403, 404, 500, 503].includes(status) ? status : 500} />;
}
