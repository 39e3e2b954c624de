import { useTranslation } from 'react-i18next';

export interface ErrorPageProps {
  /** HTTP status when the error came from the API (403, 404, 500, 503). */
  status?: number;
}

/** The spec's error page: an image, two lines, and a button back to the top page. */
export function ErrorPage({ status }: ErrorPageProps) {
  const { t } = useTranslation();
  const statusText = status ? t(`error.status.${status}`, { defaultValue: '' }) : '';
  return (
    <section className="error-page" data-testid="error-page" aria-labelledby="error-title">
      <img src="/images/error.svg" alt="" width="240" height="200" />
      <h1 id="error-title">
        {status ? (
          <>
            <span className="error-page__status">{status}</span> {statusText}
          </>
        ) : (
          t('error.title')
        )}
      </h1>
      <p>{t('error.line1')}</p>
      <p>{t('error.line2')}</p>
      {/* A full load: after a fatal error the app state cannot be trusted. */}
      <a className="button button--primary" href="/">
        {t('error.backToTop')}
      </a>
    </section>
  );
}
