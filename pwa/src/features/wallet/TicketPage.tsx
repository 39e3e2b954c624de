import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { WalletTicket } from '../../../../common/dto/wallet';
import { MAX_IMAGE_BYTES } from '../../../../common/rules/images';
import { useAppSelector } from '../../app/store';
import { enqueueUse } from '../../db/outbox';
import type { OutboxEntry } from '../../db/wallet';
import { walletDb } from '../../db/wallet';
import { AddToWalletButtons } from '../../lib/components/AddToWalletButtons';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useUploadPhotoMutation } from '../../lib/photos';
import { useSignedIn } from '../../lib/sessionHooks';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { CancelQuoteDialog } from './CancelQuoteDialog';
import {
  holderText,
  OfflineNote,
  ProblemLine,
  QrCode,
  SignInPrompt,
  StateBadge,
  UseConfirmDialog,
  useTicket,
} from './components';
import { type DisplayState, displayState, isUsableState, useAction } from './rules';
import {
  apiMessage,
  useCancelTicketsMutation,
  useLazyCancellationQuoteQuery,
  usePresentCertificateMutation,
  useSetTicketImageMutation,
} from './walletApi';
import { requestBackgroundSync, syncWallet } from './walletSync';

const NO_QR: ReadonlySet<DisplayState> = new Set(['cancelled', 'lost_lottery', 'lottery_waiting', 'cancel_waiting']);

function UsageStatus({ outbox }: { outbox: readonly OutboxEntry[] }) {
  const { t } = useTranslation();
  const last = [...outbox].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!last) return null;
  if (last.state === 'pending' || last.state === 'sending') {
    return (
      <p className="notice" data-testid="use-waiting">
        {t('wallet.use.waiting')}
      </p>
    );
  }
  if (last.state === 'done') {
    return (
      <p className="wallet-ok" data-testid="use-synced">
        {t('wallet.use.synced')}
      </p>
    );
  }
  return (
    <p className="wallet-error" role="alert" data-testid="use-conflict">
      {t(`wallet.use.conflict.${last.conflict ?? 'notUsable'}`)}
    </p>
  );
}

function UseSection({ ticket, state }: { ticket: WalletTicket; state: DisplayState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [confirm, setConfirm] = useState(false);
  const action = useAction(ticket, state);

  async function markUsed() {
    setConfirm(false);
    await enqueueUse(walletDb(), ticket.id);
    await requestBackgroundSync();
    if (navigator.onLine) await syncWallet(userId);
  }

  return (
    <section className="wallet-panel" data-testid="use-section">
      <h2 className="wallet-panel__title">{t('wallet.use.title')}</h2>
      {action.kind === 'qr' && <p>{t('wallet.use.qr')}</p>}
      {action.kind === 'none' && <p>{t('wallet.use.none')}</p>}
      {action.kind === 'url' &&
        (action.available && ticket.triggerUrl ? (
          <Link className="button button--primary button--block" to={ticket.triggerUrl} data-testid="trigger-link">
            {t('wallet.use.url')}
          </Link>
        ) : (
          <p className="muted" data-testid="trigger-not-yet">
            {isUsableState(state) ? t('wallet.use.urlNotYet') : t('wallet.use.notUsable')}
          </p>
        ))}
      {action.kind === 'button' && action.reason === 'state' && !isUsableState(state) ? (
        <p className="muted" data-testid="use-final">
          {t(`wallet.states.${state}`)}
        </p>
      ) : (
        action.kind === 'button' && (
          <>
            <button
              type="button"
              className="button button--primary button--block"
              disabled={!action.allowed}
              onClick={() => setConfirm(true)}
              data-testid="use-button"
            >
              {t('wallet.use.button')}
            </button>
            {action.reason === 'beforeDay' && (
              <p className="muted" data-testid="use-refused">
                {t('wallet.use.beforeDay', { date: formatDate(ticket.useDate, locale) })}
              </p>
            )}
            {action.reason === 'afterDay' && (
              <p className="muted" data-testid="use-refused">
                {t('wallet.use.afterDay')}
              </p>
            )}
          </>
        )
      )}
      <UseConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => void markUsed()}
        itemName={ticket.itemName}
        testId="use-dialog"
        confirmTestId="use-confirm"
      />
    </section>
  );
}

function FacePhoto({ ticket }: { ticket: WalletTicket }) {
  const { t } = useTranslation();
  const online = useOnline();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [upload, uploading] = useUploadPhotoMutation();
  const [setImage, setting] = useSetTicketImageMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setProblem(t('wallet.ticket.photoType'));
    if (file.size > MAX_IMAGE_BYTES) return setProblem(t('wallet.ticket.photoTooLarge'));
    try {
      const photo = await upload({ file, purpose: 'face' }).unwrap();
      await setImage({ ticket_ids: [ticket.id], photo_id: photo.data.id }).unwrap();
      await syncWallet(userId);
      showToast({ text: t('wallet.ticket.facePhotoSaved'), kind: 'success' });
    } catch (error) {
      setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }

  return (
    <section className="wallet-panel wallet-face" data-testid="face-photo">
      <h2 className="wallet-panel__title">{t('wallet.ticket.facePhoto')}</h2>
      {ticket.faceImageUrl ? (
        <img className="wallet-face__img" src={ticket.faceImageUrl} alt={t('wallet.ticket.facePhoto')} />
      ) : (
        <p className="muted">{t('wallet.ticket.noFacePhoto')}</p>
      )}
      {online && (
        <label className="button button--small wallet-face__pick">
          {ticket.faceImageUrl ? t('wallet.ticket.changeFacePhoto') : t('wallet.ticket.setFacePhoto')}
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="visually-hidden"
            onChange={(e) => void onFile(e)}
            disabled={uploading.isLoading || setting.isLoading}
            data-testid="face-photo-input"
          />
        </label>
      )}
      <p className="field-hint">{t('wallet.ticket.facePhotoHint')}</p>
      <ProblemLine problem={problem} />
    </section>
  );
}

function CertificateStep({ ticket }: { ticket: WalletTicket }) {
  const { t } = useTranslation();
  const online = useOnline();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [present, state] = usePresentCertificateMutation();
  const [problem, setProblem] = useState<string | null>(null);
  async function done() {
    try {
      await present(ticket.id).unwrap();
      await syncWallet(userId);
      showToast({ text: t('wallet.certificate.saved'), kind: 'success' });
    } catch (error) {
      setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }
  return (
    <section className="wallet-panel wallet-certificate" data-testid="certificate-step">
      <h2 className="wallet-panel__title">{t('wallet.certificate.title')}</h2>
      <p>{t('wallet.certificate.lead')}</p>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!online || state.isLoading}
        onClick={() => void done()}
        data-testid="certificate-done"
      >
        {t('wallet.certificate.done')}
      </button>
      {!online && <p className="muted">{t('wallet.onlineOnly')}</p>}
      <ProblemLine problem={problem} />
    </section>
  );
}

function CancelSection({ ticket }: { ticket: WalletTicket }) {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [loadQuote, quoteState] = useLazyCancellationQuoteQuery();
  const [cancel, cancelState] = useCancelTicketsMutation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const quote = quoteState.data?.data;

  async function start() {
    setProblem(null);
    try {
      await loadQuote([ticket.id]).unwrap();
      setOpen(true);
    } catch (error) {
      setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }
  async function confirm() {
    try {
      const answer = (await cancel({ ticket_ids: [ticket.id] }).unwrap()).data;
      setOpen(false);
      // The tickets as they are now (cancelled, or cancel_waiting while the provider confirms), before the refresh.
      if (answer?.tickets?.length) await walletDb().tickets.bulkPut(answer.tickets);
      await syncWallet(userId);
      // Paid at a konbini: the refund comes by bank transfer, the account is entered next.
      if (answer?.bankTransfer) {
        showToast({ text: t('konbini.refund.done'), kind: 'success' });
        navigate(`/my-tickets/refunds/${answer.bankTransfer.id}`);
        return;
      }
      showToast({ text: t('wallet.cancel.done'), kind: 'success' });
      navigate('/my-tickets');
    } catch (error) {
      setProblem(apiMessage(error) ?? t('wallet.failed'));
      setOpen(false);
    }
  }
  return (
    <section className="wallet-cancel">
      <button
        type="button"
        className="button button--danger button--small"
        disabled={!online || quoteState.isFetching}
        onClick={() => void start()}
        data-testid="cancel-ticket"
      >
        {t('wallet.cancel.button')}
      </button>
      {!online && <p className="muted">{t('wallet.onlineOnly')}</p>}
      <ProblemLine problem={problem} />
      <CancelQuoteDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
        busy={cancelState.isLoading}
        quote={quote}
        leadingRows={(q) => (
          <div>
            <dt>{t('wallet.cancel.rate')}</dt>
            <dd>
              {q.chargeRate}%（{t('wallet.cancel.daysBefore', { count: q.daysBefore })}）
            </dd>
          </div>
        )}
        texts={{
          title: t('wallet.cancel.title'),
          lead: t('wallet.cancel.lead'),
          keep: t('wallet.cancel.keep'),
          confirm: t('wallet.cancel.confirm'),
        }}
        testId="cancel"
      />
    </section>
  );
}

/** /my-tickets/ticket/:id: the ticket from IndexedDB — big QR, face photo, how to use it, certificate, cancel. */
export default function TicketPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id } = useParams();
  const signedIn = useSignedIn();
  const { ticket, outbox } = useTicket(id);
  if (!signedIn) return <SignInPrompt />;
  if (ticket === undefined || outbox === undefined) return <div className="loading" aria-busy="true" />;
  if (ticket === null) {
    return (
      <section className="empty-state" data-testid="ticket-missing">
        <p>{t('wallet.ticket.notFound')}</p>
        <Link className="button" to="/my-tickets">
          {t('wallet.ticket.backToList')}
        </Link>
      </section>
    );
  }
  const state = displayState(ticket, outbox);
  const showQr = ticket.token && !NO_QR.has(state);
  return (
    <div className="wallet wallet-ticket-page stack" data-testid="ticket-page">
      <Link className="wallet-back" to="/my-tickets">
        ← {t('wallet.ticket.backToList')}
      </Link>
      <OfflineNote />
      <header className="wallet-ticket-head">
        <p className="muted wallet-ticket-head__park">{ticket.park.name}</p>
        <h1 className="page-title">{ticket.itemName}</h1>
        <p className="wallet-ticket-head__when">
          {formatDate(ticket.useDate, locale)}
          {ticket.time && ` ${t('wallet.time', { time: ticket.time })}`}
        </p>
        <StateBadge state={state} />
      </header>
      {showQr ? (
        <figure className={`wallet-qr${state === 'used' || state === 'used_pending' ? ' wallet-qr--used' : ''}`}>
          <QrCode value={ticket.token as string} size={280} label={t('wallet.ticket.qrLabel')} />
          <figcaption>
            <span className="wallet-ticket-number" data-testid="ticket-number">
              {ticket.ticketNumber}
            </span>
            <span className="muted">{t('wallet.ticket.qrHint')}</span>
          </figcaption>
        </figure>
      ) : (
        isUsableState(state) && <p className="muted wallet-noqr">{t('wallet.ticket.noQr')}</p>
      )}
      {showQr && <AddToWalletButtons ticketId={ticket.id} />}
      <UsageStatus outbox={outbox} />
      {ticket.needsCertificate && state === 'wait_certificate' && <CertificateStep ticket={ticket} />}
      <UseSection ticket={ticket} state={state} />
      <dl className="wallet-facts">
        <div>
          <dt>{t('wallet.ticket.ticketNumber')}</dt>
          <dd className="nowrap">{ticket.ticketNumber}</dd>
        </div>
        <div>
          <dt>{t('wallet.ticket.kind')}</dt>
          <dd>{holderText(ticket, t)}</dd>
        </div>
        {ticket.seatCode && (
          <div>
            <dt>{t('wallet.seat', { code: '' }).trim()}</dt>
            <dd>{ticket.seatCode}</dd>
          </div>
        )}
        <div>
          <dt>{t('wallet.ticket.price')}</dt>
          <dd>{formatYen(ticket.price, locale)}</dd>
        </div>
        {ticket.usedAt && (
          <div>
            <dt>{t('wallet.ticket.usedAt')}</dt>
            <dd data-testid="ticket-used-at">{formatDateTime(ticket.usedAt, locale)}</dd>
          </div>
        )}
      </dl>
      {ticket.receivedFromShare && <p className="muted">{t('wallet.received')}</p>}
      <FacePhoto ticket={ticket} />
      <nav className="wallet-links wallet-links--stack">
        <Link className="button button--small" to={`/my-tickets/ticket/${encodeURIComponent(ticket.id)}/detail`}>
          {t('wallet.ticket.detail')}
        </Link>
        <Link
          className="button button--small"
          to={`/my-tickets/ticket/${encodeURIComponent(ticket.id)}/advance-information`}
        >
          {t('wallet.ticket.advanceInfo')}
        </Link>
      </nav>
      {ticket.cancellable && state !== 'used_pending' && <CancelSection ticket={ticket} />}
    </div>
  );
}
