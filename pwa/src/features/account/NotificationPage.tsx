import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { refreshProfile } from '../../lib/sessionService';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useSetNotificationsMutation } from './accountApi';
import { LiveMessage, ProfileGate } from './components';

function NotificationSwitch({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [setNotifications, { isLoading }] = useSetNotificationsMutation();
  const [enabled, setEnabled] = useState(profile.notifications_enabled);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (next: boolean) => {
    setEnabled(next);
    setError(null);
    try {
      const res = await setNotifications(next).unwrap();
      showToast({ text: res.meta.message ?? message('accountUpdated', locale), kind: 'success' });
      await refreshProfile();
    } catch (err) {
      setEnabled(!next);
      setError(errorText(err, locale));
    }
  };

  return (
    <div className="stack">
      <label className="switch-row">
        <span className="switch-row__text">
          <span className="switch-row__label">{t('account.notification.label')}</span>
          <span className="muted">{t('account.notification.lead')}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled}
          className="switch"
          checked={enabled}
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="notification-switch"
        />
      </label>
      <p className="muted" aria-live="polite">
        {enabled ? t('account.notification.on') : t('account.notification.off')}
      </p>
      <LiveMessage text={error} />
    </div>
  );
}

/** /me/notification: switch notifications on or off. */
export default function NotificationPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.notification.title')}</h1>
      <section className="panel">
        <ProfileGate>{(profile) => <NotificationSwitch key={profile.id} profile={profile} />}</ProfileGate>
      </section>
      <p className="account-links">
        <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
      </p>
    </div>
  );
}
