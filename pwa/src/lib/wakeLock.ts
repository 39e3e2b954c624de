// Keeps the screen on while a ticket's QR code is shown: at the gate, a phone that dims or locks while the queue
// moves costs the visitor an unlock and the staff a rescan. The Screen Wake Lock is dropped by the browser whenever
// the page is hidden, so it is asked again when the page is visible again. Browsers without it simply dim as usual.
import { useEffect } from 'react';

interface WakeLockLike {
  release(): Promise<void>;
}
export interface WakeLockHost {
  wakeLock?: { request(type: 'screen'): Promise<WakeLockLike> };
}

/** Holds a screen wake lock from now until the returned function is called. */
export function keepScreenOn(nav: WakeLockHost, doc: Document): () => void {
  if (!nav.wakeLock) return () => {};
  let lock: WakeLockLike | null = null;
  let stopped = false;
  const acquire = () => {
    if (stopped || lock || doc.visibilityState !== 'visible') return;
    nav.wakeLock
      ?.request('screen')
      .then((l) => {
        if (stopped) void l.release().catch(() => undefined);
        else lock = l;
      })
      .catch(() => undefined); // refused (battery saver, no permission): the screen dims as usual
  };
  const onVisibility = () => {
    // The browser released the lock when the page was hidden.
    if (doc.visibilityState !== 'visible') lock = null;
    acquire();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  acquire();
  return () => {
    stopped = true;
    doc.removeEventListener('visibilitychange', onVisibility);
    void lock?.release().catch(() => undefined);
    lock = null;
  };
}

/** The screen stays on while the calling component is mounted. */
export function useScreenOn(): void {
  useEffect(() => keepScreenOn(navigator as WakeLockHost, document), []);
}
