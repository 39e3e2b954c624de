import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../common/notifications';
import { errorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import {
  useInboxQuery,
  useMarkReadMutation,
  useNotificationSettingsQuery,
  useSetNotificationKindsMutation,
} from '../../lib/notifications';
import { enablePush, type PushState, pushState } from '../../lib/push';
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

/** This device: ask for push after the tap on "通知を受け取る"; say why it cannot be when it cannot. */
function PushOptIn() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  const enable = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(await enablePush(locale));
    } catch (err) {
      setError(errorText(err, locale));
    } finally {
      setBusy(false);
    }
  };
  const note: Partial<Record<PushState, string>> = {
    on: t('account.notification.pushOn'),
    denied: t('account.notification.pushDenied'),
    unsupported: t('account.notification.pushUnsupported'),
    needsInstall: t('account.notification.pushNeedsInstall'),
  };
  return (
    <section className="panel stack" aria-labelledby="push-title" data-testid="push-opt-in">
      <h2 id="push-title">{t('account.notification.pushTitle')}</h2>
      <p className="muted">{t('account.notification.pushLead')}</p>
      {state === 'off' && (
        <button type="button" className="button button--primary" onClick={() => void enable()} disabled={busy}>
          {t('account.notification.pushEnable')}
        </button>
      )}
      {state && note[state] && (
        <p aria-live="polite" data-testid="push-state">
          {note[state]}
        </p>
      )}
      <LiveMessage text={error} />
    </section>
  );
}

/** The inbox: newest first, unread marked; a tap opens the notification's target and marks it read. */
function Inbox() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = useInboxQuery({ per_page: 50 });
  const [markRead] = useMarkReadMutation();
  const items = data?.data ?? [];
  return (
    <section className="panel stack" aria-labelledby="inbox-title" data-testid="inbox">
      <h2 id="inbox-title">
        {t('account.notification.inboxTitle')}
        {data && data.meta.unread > 0 && (
          <span className="badge" data-testid="inbox-unread">
            {t('account.notification.unread')} {data.meta.unread}
          </span>
        )}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{t('account.notification.inboxEmpty')}</p>
      ) : (
        <ul className="inbox-list">
          {items.map((n) => (
            <li key={n.id} className={n.read ? 'inbox-item' : 'inbox-item inbox-item--unread'} data-testid="inbox-item">
              <Link
                className="inbox-item__link"
                to={n.navigate}
                onClick={() => (n.read ? undefined : void markRead({ ids: [n.id] }))}
              >
                <strong>{n.title}</strong>
                <span>{n.body}</span>
                <time className="muted" dateTime={n.createdAt}>
                  {formatDateTime(n.createdAt, locale)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data && data.meta.unread > 0 && (
        <button type="button" className="button" onClick={() => void markRead({ all: true })}>
          {t('account.notification.markAllRead')}
        </button>
      )}
    </section>
  );
}

/** One switch per kind (push; the inbox keeps everything). */
function KindSwitches() {
  const { t } = useTranslation();
  const { data } = useNotificationSettingsQuery();
  const [setKinds, { isLoading }] = useSetNotificationKindsMutation();
  if (!data) return null;
  return (
    <section className="panel stack" aria-labelledby="kinds-title">
      <h2 id="kinds-title">{t('account.notification.kindsTitle')}</h2>
      {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
        <label key={kind} className="switch-row">
          <span className="switch-row__label">{t(`account.notification.kinds.${kind}`)}</span>
          <input
            type="checkbox"
            role="switch"
            className="switch"
            checked={data.data.kinds[kind]}
            aria-checked={data.data.kinds[kind]}
            disabled={isLoading}
            onChange={(e) => void setKinds({ [kind]: e.target.checked })}
          />
        </label>
      ))}
    </section>
  );
}

/** /me/notification: the inbox, this device's push, notifications on or off and per kind. */
export default function NotificationPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.notification.title')}</h1>
      <ProfileGate>
        {(profile) => (
          <>
            <Inbox />
            <PushOptIn />
            <section className="panel">
              <NotificationSwitch key={profile.id} profile={profile} />
            </section>
            <KindSwitches />
          </>
        )}
      </ProfileGate>
      <p className="account-links">
        <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
      </p>
    </div>
  );
}
