// Web push on this device. Permission is asked only after a tap on a concrete offer ("通知を受け取る"), never on load.
// iPhone and iPad deliver web push only to an app installed on the home screen: there we say how to install first.

export type PushState = 'unsupported' | 'needsInstall' | 'denied' | 'off' | 'on';

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isInstalled = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export async function pushState(): Promise<PushState> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return isAppleMobile() && !isInstalled() ? 'needsInstall' : 'unsupported';
  }
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json' };

/** After the user's tap: permission, a subscription with our VAPID key, and the server told. Answers the new state. */
export async function enablePush(language: 'ja' | 'en'): Promise<PushState> {
  const before = await pushState();
  if (before === 'unsupported' || before === 'needsInstall' || before === 'denied') return before;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const key = (await (await fetch('/api/v1/push/public-key', { headers: jsonHeaders })).json()) as {
    data: { publicKey: string };
  };
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.data.publicKey),
    }));
  const res = await fetch('/api/v1/me/push-subscriptions', {
    method: 'POST',
    credentials: 'include',
    headers: { ...jsonHeaders, 'accept-language': language },
    body: JSON.stringify({ ...subscription.toJSON(), language }),
  });
  if (!res.ok) throw new Error(`push subscription refused: ${res.status}`);
  return 'on';
}
