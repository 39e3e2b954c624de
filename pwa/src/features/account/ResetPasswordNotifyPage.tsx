import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { message } from '../../../../common/messages';
import { useLocale } from '../../lib/useLocale';

/** /reset-password/notify: the new password is set. */
export default function ResetPasswordNotifyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="account-page stack" data-testid="reset-notify">
      <h1 className="page-title">{t('account.reset.notifyTitle')}</h1>
      <section className="panel stack">
        <p className="lead-text" role="status">
          {message('newPasswordSet', locale)}
        </p>
        <Link className="button button--primary button--block" to="/signin">
          {t('account.reset.toSignin')}
        </Link>
      </section>
    </div>
  );
}
