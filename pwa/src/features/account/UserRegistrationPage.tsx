import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /user-registration: where story readers land when liking or following needs an account (the 401 flow). */
export default function UserRegistrationPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page stack" data-testid="user-registration">
      <h1 className="page-title">{t('account.userRegistration.title')}</h1>
      <section className="panel stack">
        <p className="lead-text">{t('account.userRegistration.lead')}</p>
        <ul className="account-benefits">
          <li>{t('account.userRegistration.benefitLike')}</li>
          <li>{t('account.userRegistration.benefitFollow')}</li>
          <li>{t('account.userRegistration.benefitTickets')}</li>
        </ul>
        <Link className="button button--primary button--block" to="/register">
          {t('account.userRegistration.register')}
        </Link>
        <Link className="button button--block" to="/signin">
          {t('account.userRegistration.signin')}
        </Link>
      </section>
    </div>
  );
}
