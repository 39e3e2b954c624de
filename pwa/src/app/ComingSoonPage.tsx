import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Routes of the table whose feature pages arrive in later releases. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" data-testid="coming-soon">
      <img src="/icons/icon.svg" alt="" width="96" height="96" />
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.lead')}</p>
      <Link className="button" to="/">
        {t('error.backToTop')}
      </Link>
    </section>
  );
}
