// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keepScreenOn, type WakeLockHost } from './wakeLock';

function fakeWakeLock(refuse = false) {
  const log: string[] = [];
  let n = 0;
  const host: WakeLockHost = {
    wakeLock: {
      request: async () => {
        if (refuse) throw new Error('NotAllowedError');
        const id = ++n;
        log.push(`request ${id}`);
        return { release: async () => void log.push(`release ${id}`) };
      },
    },
  };
  return { host, log };
}

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { get: () => visibility });
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('keepScreenOn', () => {
  it('holds the lock while shown, asks again after the page was hidden, and releases it at the end', async () => {
    const { host, log } = fakeWakeLock();
    const stop = keepScreenOn(host, document);
    await settle();
    setVisibility('hidden');
    await settle();
    setVisibility('visible');
    await settle();
    stop();
    await settle();
    expect(log).toEqual(['request 1', 'request 2', 'release 2']);
    // Nothing more once stopped.
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(log).toHaveLength(3);
  });

  it('releases a lock granted after it was stopped, and does nothing without the API or when refused', async () => {
    const { host, log } = fakeWakeLock();
    keepScreenOn(host, document)();
    await settle();
    expect(log).toEqual(['request 1', 'release 1']);
    expect(() => keepScreenOn({}, document)()).not.toThrow();
    const refused = fakeWakeLock(true);
    const stop = keepScreenOn(refused.host, document);
    await settle();
    stop();
    expect(refused.log).toEqual([]);
  });
});
