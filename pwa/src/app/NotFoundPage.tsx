import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Unknown routes: "Page not found" followed by the full path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;
  return (
    <section className="error-page" data-testid="not-found" aria-labelledby="nf-title">
      <img src="/images/error.svg" alt="" width="240" height="200" />
      <h1 id="nf-title">{t('error.notFoundTitle')}</h1>
      <p className="error-page__path">
        <code>Page not found: {fullPath}</code>
      </p>
      <a className="button button--primary" href="/">
        {t('error.backToTop')}
      </a>
    </section>
  );
}
