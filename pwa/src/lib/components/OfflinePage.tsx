import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type {} from '../../db/walletSnapshot';
import { visitedPages } from '../visited';

/** The parks of the stored tickets: their maps are kept with the wallet. */
function useReservedParks() {
  const [parks, setParks] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    // The bare IndexedDB read of the boot script (boot/body.ts, typed in db/walletSnapshot.ts): no Dexie here.
    void window
      .zoopassWalletRead?.()
      .then((wallet) => {
        const byId = new Map<number, string>();
        for (const t of wallet?.tickets ?? []) {
          if (typeof t.park?.id === 'number' && t.park.name) byId.set(t.park.id, t.park.name);
        }
        if (live) setParks([...byId].map(([id, name]) => ({ id, name })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return parks;
}

/**
 * What a page not stored on this device shows with no network: that the visitor is offline (never "server
 * error"), and what does open: My Tickets with the maps of the reserved parks, and the pages seen before.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const parks = useReservedParks();
  const visited = visitedPages().filter((v) => v.path !== pathname);
  return (
    <section className="offline-page" data-testid="offline-page" aria-labelledby="offline-title">
      <svg className="offline-page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path
          fill="currentColor"
          d="M2.3 3.7 3.7 2.3l18 18-1.4 1.4-5.2-5.2-1.9 1.9L12 20.6l-7.3-7.3 1.4-1.4L12 17.8l1.7-1.7-4-4-3.6 3.6-1.4-1.4L8.3 10.7Zm9.7 1.3c3.3 0 6.4 1.3 8.7 3.5l-1.4 1.4A10.4 10.4 0 0 0 12 7c-.8 0-1.6.1-2.4.3L7.9 5.6A12.4 12.4 0 0 1 12 5Zm0 4c2.2 0 4.3.8 5.9 2.3l-1.4 1.4a6.5 6.5 0 0 0-2.5-1.5Z"
        />
      </svg>
      <h1 id="offline-title">{t('offline.title')}</h1>
      <p>{t('offline.lead')}</p>
      <ul className="offline-page__links">
        <li>
          <Link className="button button--primary" to="/my-tickets">
            {t('offline.myTickets')}
          </Link>
        </li>
      </ul>
      {parks.length > 0 && (
        <>
          <h2>{t('offline.maps')}</h2>
          <ul className="link-list" data-testid="offline-maps">
            {parks.map((p) => (
              <li key={p.id}>
                <Link to="/my-tickets">{t('offline.mapOf', { park: p.name })}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {visited.length > 0 && (
        <>
          <h2>{t('offline.visited')}</h2>
          <ul className="link-list" data-testid="offline-visited">
            {visited.map((v) => (
              <li key={v.path}>
                <Link to={v.path}>{v.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One line for a part of a page that could not be read offline (a home row). */
export function OfflineLine() {
  const { t } = useTranslation();
  return (
    <p className="notice" data-testid="offline-line">
      {t('offline.line')}
    </p>
  );
}
