import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { api } from '../lib/api';
import { appUpdate } from '../lib/appUpdate';
import { useMarkFirstPageShown } from '../lib/firstPage';
import { useOnline } from '../lib/online';
import { showToast, toastStore } from '../lib/toast';
import { useAppDispatch } from './store';

function UpdatePrompt() {
  const { t } = useTranslation();
  const apply = useSyncExternalStore(appUpdate.subscribe, appUpdate.snapshot);
  if (!apply) return null;
  return (
    <div className="toast toast--update" role="status" data-testid="update-prompt">
      <span className="toast__text">{t('app.updateAvailable')}</span>
      <button type="button" className="button button--primary button--small" onClick={apply}>
        {t('app.updateNow')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={appUpdate.dismiss}>
        {t('app.later')}
      </button>
    </div>
  );
}

function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('app.offline')}
    </div>
  );
}

function Toasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot);
  if (!toasts.length) return null;
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) =>
        t.html ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by lib/sanitize before it gets here
          <div key={t.id} className={`toast-item toast-item--${t.kind}`} dangerouslySetInnerHTML={{ __html: t.html }} />
        ) : (
          <div key={t.id} className={`toast-item toast-item--${t.kind}`}>
            {t.text}
          </div>
        ),
      )}
    </div>
  );
}

/** A push while the app is open: a 3-second toast, and the inbox and its unread count read again. */
function PushListener() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const m = event.data as { type?: string; title?: string } | null;
      if (m?.type !== 'push-received') return;
      if (m.title) showToast({ text: m.title, kind: 'info' });
      dispatch(api.util.invalidateTags(['Notification']));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [dispatch]);
  return null;
}

/** The root route's element: it mounts with the first page (the router's hydrate fallback stands in before). */
export function Root() {
  useMarkFirstPageShown();
  return (
    <>
      <PushListener />
      <OfflineBanner />
      <Outlet />
      <Toasts />
      <UpdatePrompt />
    </>
  );
}
