// Building blocks of the wallet pages: live reads of the IndexedDB wallet, the QR code (drawn synchronously as SVG
// from the signed token), the state label, the offline / last-updated note, a confirmation dialog.

import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PassState } from '../../../../common/dto/pass';
import type { WalletTicket } from '../../../../common/dto/wallet';
import { qrPath } from '../../db/firstPaint';
import { isWaiting } from '../../db/outbox';
import { META, type OutboxEntry, walletDb } from '../../db/wallet';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useLocale } from '../../lib/useLocale';
import { useScreenOn } from '../../lib/wakeLock';
import { holderLine } from './firstScreen';
import { snapshot } from './prime';
import { type DisplayState, displayState, STATE_TONE } from './rules';
import './wallet.css';

/** All stored tickets and the outbox, live. undefined while IndexedDB is being read. */
export function useWallet() {
  const tickets = useLiveQuery(() => walletDb().tickets.toArray(), [], snapshot.tickets);
  const outbox = useLiveQuery(() => walletDb().outbox.toArray(), [], snapshot.outbox);
  const meta = useLiveQuery(
    async () => {
      const rows = await walletDb().meta.toArray();
      return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string>;
    },
    [],
    snapshot.meta,
  );
  // The next wallet page opened starts from what is on screen now.
  if (tickets) snapshot.tickets = tickets;
  if (outbox) snapshot.outbox = outbox;
  if (meta) snapshot.meta = meta;
  return { tickets, outbox, meta };
}

/** One ticket and its usage marks, live; the first render starts from the primed snapshot when there is one. */
export function useTicket(id: string | undefined) {
  const ticket = useLiveQuery(
    async () => (id ? ((await walletDb().tickets.get(id)) ?? null) : null),
    [id],
    id && snapshot.tickets ? snapshot.tickets.find((x) => x.id === id) : undefined,
  );
  const outbox = useLiveQuery(
    async () => (id ? walletDb().outbox.where('ticketId').equals(id).toArray() : []),
    [id],
    id && snapshot.outbox ? snapshot.outbox.filter((e) => e.ticketId === id) : undefined,
  );
  return { ticket, outbox };
}

export function StateBadge({ state }: { state: DisplayState }) {
  const { t } = useTranslation();
  return (
    <span className={`ticket-state ticket-state--${STATE_TONE[state]}`} data-testid="ticket-state" data-state={state}>
      {t(`wallet.states.${state}`)}
    </span>
  );
}

export function TicketStateBadge({ ticket, outbox }: { ticket: WalletTicket; outbox: readonly OutboxEntry[] }) {
  return <StateBadge state={displayState(ticket, outbox)} />;
}

/**
 * The token as a QR code: an SVG drawn in the same render (no async step before the code is on screen). The screen
 * stays on while it is shown.
 */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const { path, n } = useMemo(() => qrPath(value), [value]);
  useScreenOn();
  return (
    <svg
      className="qr"
      data-testid="ticket-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Offline only: when the stored wallet (or, given `asOf`, the page's own stored data) was last updated. */
export function OfflineNote({ asOf }: { asOf?: string | undefined }) {
  const online = useOnline();
  // The wallet's own time is read only when the page has none of its own.
  const walletAsOf = useLiveQuery(
    async () => (asOf === undefined ? ((await walletDb().meta.get(META.asOf))?.value ?? '') : ''),
    [asOf],
  );
  if (online || (asOf === undefined && walletAsOf === undefined)) return null;
  return <UpdatedNote asOf={asOf ?? (walletAsOf || undefined)} />;
}

/** "Offline, last updated …" (and the last update when online). */
export function UpdatedNote({ asOf, busy }: { asOf: string | undefined; busy?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const at = asOf ? formatDateTime(asOf, locale) : null;
  if (!online) {
    return (
      <p className="wallet-offline" role="status" data-testid="wallet-offline-note">
        {at ? t('wallet.offlineNote', { at }) : t('wallet.offlineNever')}
      </p>
    );
  }
  return (
    <p className="wallet-updated muted" data-testid="wallet-updated">
      {busy ? t('wallet.updating') : at ? t('wallet.lastUpdated', { at }) : t('wallet.updating')}
    </p>
  );
}

/** A modal dialog (the native <dialog>), open while `open`. */
export function Dialog({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="wallet-dialog"
      onClose={onClose}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <h2 className="wallet-dialog__title" id={`${testId}-title`}>
        {title}
      </h2>
      {open && children}
    </dialog>
  );
}

/** Signed-out visitors see a way to sign in that comes back here. */
export function SignInPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="empty-state" data-testid="wallet-signin">
      <p>{t('wallet.signInLead')}</p>
      <Link className="button button--primary" to={`/signin?redirect=${encodeURIComponent(location.pathname)}`}>
        {t('wallet.signIn')}
      </Link>
    </section>
  );
}

/** Marks waiting to sync (count), for the list header. */
export const waitingCount = (outbox: readonly OutboxEntry[] | undefined) => (outbox ?? []).filter(isWaiting).length;

export const metaAsOf = (meta: Record<string, string> | undefined) => meta?.[META.asOf];

/** The holder line: unit kind and age group (firstScreen.ts holderLine, in the app's language). */
export function holderText(ticket: WalletTicket, t: (k: string) => string): string {
  return holderLine(ticket, {
    basic: t('wallet.unitKind.basic'),
    disability: t('wallet.unitKind.disability'),
    companion: t('wallet.unitKind.companion'),
    pack: t('wallet.unitKind.pack'),
    additional: t('wallet.unitKind.additional'),
  });
}

/** What went wrong with the last action on the page, read out when it appears. */
export function ProblemLine({ problem, testId }: { problem: string | null; testId?: string }) {
  if (!problem) return null;
  return (
    <p className="wallet-error" role="alert" data-testid={testId}>
      {problem}
    </p>
  );
}

/** "Mark this ticket used?": the irreversible step behind the use button and the URL-access page. */
export function UseConfirmDialog({
  open,
  onClose,
  onConfirm,
  itemName,
  testId,
  confirmTestId,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  itemName?: string;
  testId: string;
  confirmTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('wallet.use.confirmTitle')} testId={testId}>
      <p>{t('wallet.use.confirmLead')}</p>
      {itemName && <p className="wallet-dialog__item">{itemName}</p>}
      <div className="dialog-actions">
        <button type="button" className="button button--small" onClick={onClose}>
          {t('wallet.use.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={onConfirm}
          data-testid={confirmTestId}
        >
          {t('wallet.use.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

// The ticket badges' tones (rules.ts STATE_TONE): ready, waiting, done, refused.
const PASS_STATE_TONE: Record<PassState, string> = {
  not_started: 'ready',
  active: 'ready',
  suspended: 'refused',
  expired: 'done',
  cancel_waiting: 'waiting',
  cancelled: 'done',
};
/** A pass holder's state (My Tickets' list and the member card page): here, not in the member card page, so My Tickets'
 * chunk does not carry that page. */
export function PassStateBadge({ state }: { state: PassState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`ticket-state ticket-state--${PASS_STATE_TONE[state]}`}
      data-testid="pass-state"
      data-state={state}
    >
      {t(`passes.card.states.${state}`)}
    </span>
  );
}
