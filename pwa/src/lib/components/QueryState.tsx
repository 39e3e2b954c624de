import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus } from '../api';
import { ErrorPage } from './ErrorPage';

/** Loading and error states of a query: 403/404/500/503 show the error page with that status. */
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
    const status = errorStatus(error);
    return <ErrorPage status={status && [403, 404, 500, 503].includes(status) ? status : 500} />;
  }
  return <>{children()}</>;
}
