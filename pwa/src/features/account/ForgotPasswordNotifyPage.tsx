import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { message } from '../../../../common/messages';
import { useLocale } from '../../lib/useLocale';

/** /forgot-password/notify (auth layout). */
export default function ForgotPasswordNotifyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="account-page stack" data-testid="forgot-notify">
      <h1 className="page-title">{t('account.forgot.notifyTitle')}</h1>
      <p className="lead-text" role="status">
        {message('forgotSent', locale)}
      </p>
      <p className="muted">{t('account.forgot.notifyHint')}</p>
      <Link className="button button--block" to="/signin">
        {t('account.forgot.backToSignin')}
      </Link>
    </div>
  );
}
