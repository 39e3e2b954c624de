import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorStatus } from '../api';
import { isOfflineError, useOnline } from '../online';
import { rememberVisit } from '../visited';
import { ErrorPage } from './ErrorPage';
import { OfflineLine, OfflinePage } from './OfflinePage';

/** Remembers a catalogue page once it shows its content, for the offline page's suggestions. */
function RememberVisit() {
  const { pathname } = useLocation();
  useEffect(() => {
    rememberVisit(pathname, document.querySelector('main h1')?.textContent ?? '');
  }, [pathname]);
  return null;
}

/**
 * Loading and error states of a query: 403/404/500/503 show the error page with that status; with no network
 * (a read neither the network nor the service worker's cache could answer) the offline page, or one line for a
 * part of a page (`placeholder` given: a row of the home page).
 */
export function QueryState({
  isLoading,
  error,
  children,
  placeholder,
}: {
  isLoading: boolean;
  error: unknown;
  children: () => ReactNode;
  /** Shown while loading instead of the spinner: something the size of the content, so nothing moves after. */
  placeholder?: ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  if (isLoading && placeholder) return <>{placeholder}</>;
  if (isLoading) {
    return (
      <div className="loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        {t('app.loading')}
      </div>
    );
  }
  if (error) {
    if (isOfflineError(error, online)) return placeholder ? <OfflineLine /> : <OfflinePage />;
    const status = errorStatus(error);
    return <ErrorPage status={status && [403, 404, 500, 503].includes(status) ? status : 500} />;
  }
  return (
    <>
      {children()}
      {!placeholder && <RememberVisit />}
    </>
  );
}
