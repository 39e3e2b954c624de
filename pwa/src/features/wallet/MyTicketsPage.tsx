import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletPark, WalletTicket } from '../../../../common/dto/wallet';
import { useAppSelector } from '../../app/store';
import { META, type OutboxEntry, walletDb } from '../../db/wallet';
import { snapshot } from '../../db/walletSnapshot';
import { PushOffer } from '../../lib/components/PushOffer';
import { formatDate } from '../../lib/format';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import {
  Dialog,
  holderText,
  metaAsOf,
  PassStateBadge,
  QrCode,
  SignInPrompt,
  TicketStateBadge,
  UpdatedNote,
  useWallet,
  waitingCount,
} from './components';
import { FIRST_CARDS, QR_ICON } from './firstScreen';
import { KonbiniPending } from './KonbiniPending';
import { passGroups } from './memberCards';
import { RefundsOwed } from './RefundsOwed';
import { firstTickets, groupTickets } from './rules';
import { syncWallet } from './walletSync';

/**
 * A park's map, folded, and the way into map mode, which works with no network: there whenever the park has a map
 * (as the first screen draws it, firstScreen.ts), so the cards below never move when its picture is stored.
 */
function ParkMap({ park }: { park: WalletPark }) {
  const { t } = useTranslation();
  if (!park.mapImageUrls?.length) return null;
  return (
    <>
      <details className="wallet-map" data-testid="park-map">
        <summary>{t('wallet.parkMap')}</summary>
        <ParkMapPictures park={park} />
      </details>
      <Link className="button button--small wallet-map__open" to={`/maps/${park.id}`} data-testid="open-map-mode">
        {t('wallet.openMapMode')}
      </Link>
    </>
  );
}

/** The stored pictures (Blobs from IndexedDB); the park's own addresses until they are stored. */
function ParkMapPictures({ park }: { park: WalletPark }) {
  const { t } = useTranslation();
  const maps = useLiveQuery(() => walletDb().maps.where('parkId').equals(park.id).toArray(), [park.id]);
  const stored = useMemo(() => (maps ?? []).map((m) => ({ key: m.url, src: URL.createObjectURL(m.blob) })), [maps]);
  useEffect(
    () => () => {
      for (const u of stored) URL.revokeObjectURL(u.src);
    },
    [stored],
  );
  if (maps === undefined) return null;
  const pictures = stored.length ? stored : park.mapImageUrls.map((url) => ({ key: url, src: url }));
  return pictures.map((u) => (
    <img key={u.key} src={u.src} alt={t('wallet.mapAlt', { park: park.name })} loading="lazy" />
  ));
}

function TicketCard({
  ticket,
  outbox,
  onQr,
}: {
  ticket: WalletTicket;
  outbox: readonly OutboxEntry[];
  onQr: (t: WalletTicket) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="wallet-ticket" data-testid="wallet-ticket" data-ticket-id={ticket.id}>
      <Link className="wallet-ticket__main" to={`/my-tickets/ticket/${encodeURIComponent(ticket.id)}`}>
        <span className="wallet-ticket__name">{ticket.itemName}</span>
        <span className="wallet-ticket__meta">
          {ticket.time && <span>{t('wallet.time', { time: ticket.time })}</span>}
          <span>{holderText(ticket, t)}</span>
          {ticket.seatCode && <span>{t('wallet.seat', { code: ticket.seatCode })}</span>}
        </span>
        <TicketStateBadge ticket={ticket} outbox={outbox} />
      </Link>
      {ticket.token && (
        <button
          type="button"
          className="wallet-ticket__qr"
          onClick={() => onQr(ticket)}
          aria-label={t('wallet.showQrFor', { name: ticket.itemName })}
          data-testid="show-qr"
        >
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <path d={QR_ICON} fill="currentColor" />
          </svg>
          <span>{t('wallet.showQr')}</span>
        </button>
      )}
    </li>
  );
}

/** The annual passes first: one entry per pass, its holders and their state, opening the member cards. */
function MemberCardList({ cards }: { cards: ReturnType<typeof passGroups> }) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  return (
    <section className="wallet-park member-cards" aria-labelledby="member-cards-title" data-testid="member-cards">
      <h2 className="wallet-park__name" id="member-cards-title">
        {t('passes.card.section')}
      </h2>
      <ul className="wallet-tickets">
        {cards.map((g) => (
          <li key={g.passId} className="wallet-ticket" data-testid="member-card-entry">
            <Link className="wallet-ticket__main" to={`/my-tickets/pass/${g.passId}`}>
              <span className="wallet-ticket__name">{g.productName}</span>
              <span className="wallet-ticket__meta">
                <span>{g.park.name}</span>
                <span className="wallet-ticket-number">{g.passNumber}</span>
              </span>
              <span className="wallet-ticket__meta">
                {g.cards.map((c) => (
                  <span key={c.holderId}>
                    {c.holderName} <PassStateBadge state={c.state} />
                  </span>
                ))}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Conflicts the server answered for marks made here (already used, not the day): shown once. */
function ConflictNotices({ outbox, tickets }: { outbox: readonly OutboxEntry[]; tickets: readonly WalletTicket[] }) {
  const { t } = useTranslation();
  const unseen = outbox.filter((e) => e.state === 'conflict' && !e.seen);
  if (!unseen.length) return null;
  return (
    <ul className="wallet-conflicts" data-testid="wallet-conflicts">
      {unseen.map((e) => (
        <li key={e.clientId} className="notice">
          <strong>{tickets.find((x) => x.id === e.ticketId)?.itemName ?? e.ticketId}</strong>
          <span> {t(`wallet.use.conflict.${e.conflict ?? 'notUsable'}`)}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void walletDb().outbox.update(e.clientId, { seen: true })}
          >
            {t('wallet.close')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /my-tickets: the wallet from IndexedDB (member cards first, then tickets by park and day), refreshed when online. */
export default function MyTicketsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = useSignedIn();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const { tickets, outbox, meta } = useWallet();
  // From the first read too: member cards come first, and coming later they would push the tickets down.
  const cards = useLiveQuery(() => walletDb().memberCards.toArray(), [], snapshot.memberCards);
  if (cards) snapshot.memberCards = cards;
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<WalletTicket | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    setBusy(true);
    void syncWallet(userId).finally(() => setBusy(false));
  }, [signedIn, userId]);

  // Another user's stored tickets are never shown (they are replaced by the refresh running now).
  const foreign = userId !== null && meta?.[META.owner] !== undefined && meta[META.owner] !== String(userId);
  const groups = useMemo(() => (tickets && !foreign ? groupTickets(tickets) : []), [tickets, foreign]);
  const passes = useMemo(() => (cards && !foreign ? passGroups(cards) : []), [cards, foreign]);
  const [limit, setLimit] = useState(FIRST_CARDS);
  const shown = useMemo(() => firstTickets(groups, limit), [groups, limit]);
  useEffect(() => {
    if (limit !== FIRST_CARDS || (tickets?.length ?? 0) <= FIRST_CARDS) return;
    // After the first screenful has been painted: a frame, then a task.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setLimit(Number.POSITIVE_INFINITY));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [limit, tickets]);

  if (!signedIn) return <SignInPrompt />;
  const waiting = waitingCount(outbox);
  return (
    <div className="wallet" data-testid="my-tickets">
      <div className="wallet-head">
        <h1 className="wallet-head__title">{t('wallet.title')}</h1>
        <nav className="wallet-head__links">
          <Link to="/my-tickets/history">{t('wallet.history')}</Link>
          <Link to="/my-tickets/lottery" data-testid="lottery-link">
            {t('wallet.lottery.link')}
          </Link>
          <Link to="/my-tickets/ticket/share">{t('wallet.share')}</Link>
        </nav>
      </div>
      <UpdatedNote asOf={metaAsOf(meta)} busy={busy} />
      {waiting > 0 && (
        <p className="wallet-waiting" data-testid="wallet-waiting">
          {t('wallet.waitingSync', { count: waiting })}
        </p>
      )}
      {outbox && tickets && <ConflictNotices outbox={outbox} tickets={tickets} />}
      <MemberCardList cards={passes} />
      {tickets === undefined ? (
        <div className="loading" aria-busy="true" />
      ) : groups.length === 0 && passes.length > 0 ? null : groups.length === 0 ? (
        busy ? (
          <div className="loading" aria-busy="true" />
        ) : (
          <section className="empty-state" data-testid="wallet-empty">
            <p>{t('wallet.empty')}</p>
            <Link className="button" to="/find/tickets">
              {t('wallet.findTickets')}
            </Link>
          </section>
        )
      ) : (
        shown.map((g) => (
          <section key={g.park.id} className="wallet-park" data-testid="wallet-park">
            <h2 className="wallet-park__name">{g.park.name}</h2>
            <ParkMap park={g.park} />
            {g.dates.map((d) => (
              <div key={d.date} className="wallet-day" data-testid="wallet-day">
                <h3 className="wallet-day__date">
                  <time dateTime={d.date}>{formatDate(d.date, locale)}</time>
                  <span className="wallet-day__count">{t('wallet.tickets', { count: d.total })}</span>
                </h3>
                <ul className="wallet-tickets">
                  {d.tickets.map((ticket) => (
                    <TicketCard key={ticket.id} ticket={ticket} outbox={outbox ?? []} onQr={setQr} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))
      )}
      {/* Below the cards: each comes when its answer does, and a card must not move under a finger meant for it. */}
      <KonbiniPending />
      <RefundsOwed />
      <PushOffer reason="tickets" />
      <Dialog open={qr !== null} onClose={() => setQr(null)} title={qr?.itemName ?? ''} testId="qr-dialog">
        {qr?.token && (
          <div className="wallet-qr-dialog">
            <QrCode value={qr.token} size={264} label={t('wallet.ticket.qrLabel')} />
            <p className="muted">
              {formatDate(qr.useDate, locale)} {qr.time ?? ''} · {holderText(qr, t)}
            </p>
            <p className="wallet-ticket-number">{qr.ticketNumber}</p>
            <div className="dialog-actions">
              <Link className="button button--small" to={`/my-tickets/ticket/${encodeURIComponent(qr.id)}`}>
                {t('wallet.openTicket')}
              </Link>
              <button type="button" className="button button--primary button--small" onClick={() => setQr(null)}>
                {t('wallet.close')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
