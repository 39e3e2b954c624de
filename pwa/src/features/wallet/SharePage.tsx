import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TicketShare } from '../../../../common/dto/wallet';
import { useAppSelector } from '../../app/store';
import { useNow } from '../../lib/clock';
import { PushOffer } from '../../lib/components/PushOffer';
import { formatDate, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useSignedIn } from '../../lib/sessionHooks';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { holderText, ProblemLine, SignInPrompt, useWallet } from './components';
import { displayState, isUsableState, shareExpiry } from './rules';
import {
  apiMessage,
  useCancelShareMutation,
  useCreateShareMutation,
  useMySharesQuery,
  useReissueShareMutation,
} from './walletApi';
import { syncWallet } from './walletSync';

/** Copy feedback stays 3 s (spec section 9). */
const COPY_FEEDBACK_MS = 3000;

const absolute = (url: string) => new URL(url, window.location.origin).toString();

function ShareLink({ share }: { share: TicketShare }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const url = absolute(share.url);
  const canShare = typeof navigator.share === 'function';
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      showToast({ text: t('wallet.failed'), kind: 'error' });
    }
  }
  async function send() {
    try {
      await navigator.share({ title: t('wallet.sharePage.shareText'), text: t('wallet.sharePage.shareText'), url });
    } catch {
      // dismissed
    }
  }
  return (
    <div className="wallet-share-link">
      <label className="field-label" htmlFor={`share-url-${share.id}`}>
        {t('wallet.sharePage.link')}
      </label>
      <input
        id={`share-url-${share.id}`}
        readOnly
        value={url}
        data-testid="share-url"
        onFocus={(e) => e.target.select()}
      />
      <div className="wallet-share-link__actions">
        <button type="button" className="button button--small" onClick={() => void copy()} data-testid="share-copy">
          {copied ? t('wallet.sharePage.copied') : t('wallet.sharePage.copy')}
        </button>
        {canShare && (
          <button type="button" className="button button--small" onClick={() => void send()} data-testid="share-send">
            {t('wallet.sharePage.send')}
          </button>
        )}
      </div>
      <PushOffer reason="share" />
    </div>
  );
}

function OpenShare({ share, now }: { share: TicketShare; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [stop, stopping] = useCancelShareMutation();
  const [reissue, reissuing] = useReissueShareMutation();
  const expiry = shareExpiry(share, now);
  async function onStop() {
    try {
      await stop(share.id).unwrap();
      await syncWallet(userId);
      showToast({ text: t('wallet.sharePage.stopped'), kind: 'success' });
    } catch (error) {
      showToast({ text: apiMessage(error) ?? t('wallet.failed'), kind: 'error' });
    }
  }
  async function onReissue() {
    try {
      await reissue(share.id).unwrap();
      showToast({ text: t('wallet.sharePage.reissued'), kind: 'success' });
    } catch (error) {
      showToast({ text: apiMessage(error) ?? t('wallet.failed'), kind: 'error' });
    }
  }
  return (
    <li className="wallet-share" data-testid="open-share" data-share-id={share.id}>
      <div className="wallet-share__head">
        <span
          className={`ticket-state ticket-state--${expiry.expired ? 'refused' : 'waiting'}`}
          data-testid="share-expiry"
        >
          {expiry.expired
            ? t('wallet.sharePage.expired')
            : expiry.hours > 0
              ? t('wallet.sharePage.expiresIn', { hours: expiry.hours, minutes: expiry.minutes })
              : t('wallet.sharePage.expiresInMinutes', { minutes: expiry.minutes })}
        </span>
        <span className="muted">{formatDateTime(share.createdAt, locale)}</span>
      </div>
      <ul className="wallet-share__tickets">
        {share.tickets.map((ticket) => (
          <li key={ticket.id}>
            {ticket.itemName} · {formatDate(ticket.useDate, locale)} · {holderText(ticket, t)}
          </li>
        ))}
      </ul>
      {!expiry.expired && <ShareLink share={share} />}
      <div className="wallet-share__actions">
        <button
          type="button"
          className="button button--small"
          disabled={!online || reissuing.isLoading}
          onClick={() => void onReissue()}
          data-testid="share-reissue"
        >
          {t('wallet.sharePage.reissue')}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={!online || stopping.isLoading}
          onClick={() => void onStop()}
          data-testid="share-stop"
        >
          {t('wallet.sharePage.stop')}
        </button>
      </div>
    </li>
  );
}

/** /my-tickets/ticket/share: choose tickets, make a link, copy or send it; open shares can be stopped or reissued. */
export default function SharePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const signedIn = useSignedIn();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const { tickets, outbox } = useWallet();
  const shares = useMySharesQuery(undefined, { skip: !signedIn || !online });
  const [create, creating] = useCreateShareMutation();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<TicketShare | null>(null);
  const now = useNow(30_000);

  const shareable = useMemo(
    () =>
      (tickets ?? [])
        .filter((x) => x.shareable && !x.shareId && isUsableState(displayState(x, outbox ?? [])))
        .sort((a, b) => a.useDate.localeCompare(b.useDate) || a.itemName.localeCompare(b.itemName)),
    [tickets, outbox],
  );

  if (!signedIn) return <SignInPrompt />;

  function toggle(id: string) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function onCreate() {
    setProblem(null);
    if (chosen.size === 0) return setProblem(t('wallet.sharePage.pickOne'));
    try {
      const share = (await create({ ticket_ids: [...chosen] }).unwrap()).data;
      setCreated(share);
      setChosen(new Set());
      await syncWallet(userId);
      showToast({ text: t('wallet.sharePage.created'), kind: 'success' });
    } catch (error) {
      setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }

  const open = (shares.data?.data ?? []).filter((s) => s.state === 'open');
  // The link just made, as the list has it now (gone once reissued under a new id or stopped).
  const createdNow = created && (shares.data ? open.find((s) => s.id === created.id) : created);
  return (
    <div className="wallet stack" data-testid="share-page">
      <Link className="wallet-back" to="/my-tickets">
        ← {t('wallet.ticket.backToList')}
      </Link>
      <h1 className="page-title">{t('wallet.sharePage.title')}</h1>
      <p className="muted">{t('wallet.sharePage.lead')}</p>
      {!online && <p className="notice">{t('wallet.onlineOnly')}</p>}
      {createdNow && (
        <section className="wallet-panel" data-testid="share-created">
          <h2 className="wallet-panel__title">{t('wallet.sharePage.created')}</h2>
          <ShareLink share={createdNow} />
        </section>
      )}
      <section className="wallet-panel">
        <h2 className="wallet-panel__title">{t('wallet.sharePage.select')}</h2>
        {shareable.length === 0 ? (
          <p className="muted" data-testid="share-none">
            {t('wallet.sharePage.none')}
          </p>
        ) : (
          <ul className="wallet-pick">
            {shareable.map((x) => (
              <li key={x.id}>
                <label className="wallet-pick__row" data-testid="share-pick">
                  <input type="checkbox" checked={chosen.has(x.id)} onChange={() => toggle(x.id)} />
                  <span className="wallet-pick__text">
                    <strong>{x.itemName}</strong>
                    <span className="muted">
                      {x.park.name} · {formatDate(x.useDate, locale)}
                      {x.time ? ` ${x.time}` : ''} · {holderText(x, t)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <ProblemLine problem={problem} testId="share-problem" />
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!online || creating.isLoading || shareable.length === 0}
          onClick={() => void onCreate()}
          data-testid="share-create"
        >
          {t('wallet.sharePage.create')}
        </button>
      </section>
      <section className="wallet-panel">
        <h2 className="wallet-panel__title">{t('wallet.sharePage.open')}</h2>
        {open.length === 0 ? (
          <p className="muted" data-testid="share-no-open">
            {t('wallet.sharePage.noOpen')}
          </p>
        ) : (
          <ul className="wallet-shares">
            {open.map((s) => (
              <OpenShare key={s.id} share={s} now={now} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
