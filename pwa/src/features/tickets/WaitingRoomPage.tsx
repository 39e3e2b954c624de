// /items/:id/queue: the waiting room of a high-demand sale (issue 30). Takes the visitor's place (one per account:
// a second tab finds the same place), shows the position, the people ahead and an honest estimate (none while
// paused), and polls no sooner than the server's Retry-After. The place is the server's, keyed by the account, so a
// reload or an app restart finds it; the device keeps that it joined and, once the turn comes, the admission token
// (localStorage), which the item page's add to cart sends.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { PushOffer } from '../../lib/components/PushOffer';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import './waitingRoom.css';
import { hasPlace, rememberPlace, storeAdmission, storedAdmission } from './waitingRoom';
import {
  type QueueStatus,
  useAdmissionMutation,
  useJoinQueueMutation,
  useLazyQueueStatusQuery,
} from './waitingRoomApi';

export default function WaitingRoomPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const itemId = Number(useParams().id);
  const signedIn = useAppSelector((s) => s.session.expiresAt !== null);
  const [fetchStatus] = useLazyQueueStatusQuery();
  const [join] = useJoinQueueMutation();
  const [admit] = useAdmissionMutation();
  const [status, setStatus] = useState<QueueStatus | null>(null);
  const [problem, setProblem] = useState<'failed' | 'none' | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const poll = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    let wait = 10;
    try {
      const res = await fetchStatus(itemId).unwrap();
      let s = res.data;
      if (s.state === 'none') {
        setProblem('none');
        return;
      }
      // First visit (or the place was lost): take one. The same account gets the same place again.
      if (s.active && !s.place && signedIn) s = (await join(itemId).unwrap()).data;
      if (s.place) rememberPlace(itemId, s.place.entryId);
      setStatus(s);
      setProblem(null);
      wait = s.pollAfterSeconds;
      if (!s.active || s.place?.used || s.place?.admitted || !s.place) return;
    } catch (err) {
      const code = (err as { status?: number }).status;
      if (code === 404) {
        setProblem('none');
        return;
      }
      setProblem('failed');
    }
    timer.current = setTimeout(() => void poll(), Math.max(2, wait) * 1000);
  }, [fetchStatus, join, itemId, signedIn]);

  useEffect(() => {
    void poll();
    // Back from the background (an installed app reopened): ask at once rather than at the next tick.
    const onVisible = () => document.visibilityState === 'visible' && void poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [poll]);

  const goBuy = async () => {
    setBusy(true);
    try {
      if (!storedAdmission(itemId)) storeAdmission(itemId, (await admit(itemId).unwrap()).data);
      navigate(`/items/${itemId}`);
    } catch {
      setProblem('failed');
      void poll();
    } finally {
      setBusy(false);
    }
  };

  const place = status?.place ?? null;
  return (
    <article className="stack waiting-room" data-testid="waiting-room">
      <h1 className="page-title">{t('waitingRoom.title')}</h1>
      {problem === 'none' && <p data-testid="queue-none">{t('waitingRoom.none')}</p>}
      {problem === 'failed' && (
        <p className="notice" role="status">
          {t('waitingRoom.failed')}
        </p>
      )}
      {!status && !problem && <p aria-busy="true">{t('waitingRoom.loading')}</p>}
      {status && !signedIn && !place && (
        <p>
          <Link
            className="button button--primary"
            to={`/signin?redirect=${encodeURIComponent(`/items/${itemId}/queue`)}`}
            data-testid="queue-sign-in"
          >
            {t('waitingRoom.signInToQueue')}
          </Link>
        </p>
      )}
      {status && !status.active && <p data-testid="queue-closed">{t('waitingRoom.closed')}</p>}
      {status?.active && place && (
        <section className="panel stack" aria-live="polite" data-testid="queue-place">
          {place.used ? (
            <p data-testid="queue-used">{t('waitingRoom.used')}</p>
          ) : place.admitted ? (
            <>
              <h2>{t('waitingRoom.yourTurn')}</h2>
              <button
                type="button"
                className="button button--primary button--block"
                onClick={() => void goBuy()}
                disabled={busy}
                data-testid="queue-continue"
              >
                {t('waitingRoom.continue')}
              </button>
            </>
          ) : status.state === 'prequeue' ? (
            <p data-testid="queue-prequeue">
              {t('waitingRoom.prequeue', { time: formatDateTime(status.opensAt, locale) })}
            </p>
          ) : (
            <dl className="queue-facts">
              <dt>{t('waitingRoom.position')}</dt>
              <dd data-testid="queue-position">{t('waitingRoom.positionValue', { count: place.position ?? 0 })}</dd>
              <dt>{t('waitingRoom.ahead')}</dt>
              <dd data-testid="queue-ahead">{t('waitingRoom.aheadValue', { count: place.ahead ?? 0 })}</dd>
              {!status.paused && (
                <>
                  <dt>{t('waitingRoom.estimate')}</dt>
                  <dd data-testid="queue-estimate">
                    {place.estimateSeconds === null
                      ? '—'
                      : place.estimateSeconds < 60
                        ? t('waitingRoom.estimateSeconds')
                        : t('waitingRoom.estimateMinutes', { count: Math.ceil(place.estimateSeconds / 60) })}
                  </dd>
                </>
              )}
            </dl>
          )}
          {status.paused && !place.admitted && (
            <p className="notice" role="status" data-testid="queue-paused">
              {t('waitingRoom.paused')}
            </p>
          )}
          {!place.admitted && !place.used && <p className="muted">{t('waitingRoom.keepOpen')}</p>}
          <p className="muted queue-hash">{t('waitingRoom.verify', { hash: status.seedHash.slice(0, 16) })}</p>
        </section>
      )}
      {signedIn && hasPlace(itemId) && place && !place.admitted && <PushOffer reason="tickets" />}
      <p>
        <Link className="button button--ghost" to={`/items/${itemId}`}>
          {t('waitingRoom.backToItem')}
        </Link>
      </p>
    </article>
  );
}
