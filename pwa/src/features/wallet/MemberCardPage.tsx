import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { MemberCard, PassState } from '../../../../common/dto/pass';
import { tokyoDate } from '../../../../common/time';
import { useAppSelector } from '../../app/store';
import { walletDb } from '../../db/wallet';
import { AddMemberCardToWallet } from '../../lib/components/AddToWalletButtons';
import { PassBenefits } from '../../lib/components/PassBenefits';
import { formatDate } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import { OfflineNote, PassStateBadge, QrCode, SignInPrompt } from './components';
import { currentTerm, nextTerm } from './memberCards';
import { PassCancel, ReissueCard } from './PassActions';
import { useSetHolderPhotoMutation } from './walletApi';
import { syncWallet } from './walletSync';

/** States a gate may admit: the QR is drawn only for these. */
const SHOWS_QR: readonly PassState[] = ['active', 'not_started'];

/** The owner adds or changes a holder's face photo (online): upload, link, then the stored cards are read again. */
function HolderPhotoControl({ card }: { card: MemberCard }) {
  const { t } = useTranslation();
  const online = useOnline();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [setPhoto, { isLoading }] = useSetHolderPhotoMutation();
  const [error, setError] = useState<string | null>(null);
  if (!card.ownerIsMe) return null;
  if (!online) return <p className="muted">{t('passes.card.photoOffline')}</p>;
  const inputId = `holder-photo-${card.holderId}`;
  return (
    <div className="field member-card__photo-control">
      <label className="button button--small" htmlFor={inputId} data-testid="holder-photo-label">
        {isLoading
          ? t('passes.card.photoSaving')
          : t(card.photo.url ? 'passes.card.changePhoto' : 'passes.card.addPhoto')}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png"
        disabled={isLoading}
        data-testid="holder-photo-input"
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setError(null);
          const done = await setPhoto({ passId: card.passId, holderId: card.holderId, file });
          if ('error' in done) {
            const meta = (done.error as { data?: { meta?: { message?: string } } }).data?.meta;
            setError(meta?.message ?? t('passes.card.photoFailed'));
            return;
          }
          await syncWallet(userId);
        }}
      />
      <small className="muted">{t('passes.card.photoHint')}</small>
      {error && (
        <p className="field-error" role="alert" data-testid="holder-photo-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One member's card: who (name large, photo), which pass, until when, what it gives, and the QR for the gate. */
function HolderCard({ card, today }: { card: MemberCard; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const term = currentTerm(card, today);
  const next = nextTerm(card, today);
  const token = SHOWS_QR.includes(card.state) ? (term?.token ?? null) : null;
  return (
    <div className="member-card" data-testid="member-card" data-holder-id={card.holderId}>
      <div className="member-card__who">
        {card.photo.url ? (
          <img
            className="member-card__photo"
            src={card.photo.url}
            alt={t('passes.card.photoAlt', { name: card.holderName })}
            width="120"
            height="150"
            data-testid="member-photo"
          />
        ) : (
          <div className="member-card__photo member-card__photo--none" data-testid="member-photo-none">
            <span aria-hidden="true">{[...card.holderName][0] ?? ''}</span>
            <small>{t('passes.card.noPhoto')}</small>
          </div>
        )}
        <div>
          <p className="member-card__name" data-testid="member-name">
            {card.holderName}
          </p>
          <PassStateBadge state={card.state} />
          {card.photo.state === 'pending' && <p className="muted">{t('passes.card.photoStates.pending')}</p>}
          {card.photo.state === 'rejected' && (
            <p className="wallet-error" role="status" data-testid="member-photo-rejected">
              {t('passes.card.photoStates.rejected', { reason: card.photo.rejectReason ?? '' })}
            </p>
          )}
          <HolderPhotoControl card={card} />
        </div>
      </div>
      {card.state === 'suspended' && (
        <p className="notice" role="status" data-testid="member-suspended">
          {t('passes.card.suspendedReason', { reason: card.suspendedReason ?? '' })}
        </p>
      )}
      <dl className="member-card__facts">
        <dt>{t('passes.card.passNumber')}</dt>
        <dd className="wallet-ticket-number" data-testid="pass-number">
          {card.passNumber}
        </dd>
        <dt>{t('passes.card.validity')}</dt>
        <dd data-testid="member-validity">
          {card.validFrom && card.validUntil
            ? t('passes.card.validRange', {
                from: formatDate(card.validFrom, locale),
                until: formatDate(card.validUntil, locale),
              })
            : t('passes.card.startsAtFirstEntry', { date: card.startBy ? formatDate(card.startBy, locale) : '' })}
          {next?.validFrom && (
            <>
              <br />
              {t('passes.card.nextTerm', {
                from: formatDate(next.validFrom, locale),
                until: formatDate(next.validUntil, locale),
              })}
            </>
          )}
        </dd>
      </dl>
      <div className="member-card__qr">
        {token ? (
          <>
            <QrCode value={token} size={240} label={t('passes.card.qrLabel')} />
            <p className="wallet-ticket-number">{term?.ticketNumber}</p>
            <AddMemberCardToWallet passId={card.passId} holderId={card.holderId} />
          </>
        ) : (
          SHOWS_QR.includes(card.state) && <p className="muted">{t('passes.card.noQr')}</p>
        )}
      </div>
      <ReissueCard card={card} />
      <section aria-labelledby={`benefits-${card.holderId}`}>
        <h2 id={`benefits-${card.holderId}`} className="section-title">
          {t('passes.item.benefits')}
        </h2>
        <PassBenefits benefits={card.benefits} />
      </section>
    </div>
  );
}

/** A pass's cards, one tab per holder (the signed-in holder's first shown), and the ways to visits and renewal. */
export function MemberCardView({ cards, today }: { cards: readonly MemberCard[]; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [picked, setPicked] = useState<number | null>(null);
  const first = cards[0];
  if (!first) return null;
  const card = cards.find((c) => c.holderId === picked) ?? cards.find((c) => c.isMe) ?? first;
  const renewal = first.ownerIsMe ? first.renewal : null;
  return (
    <>
      <h1 className="wallet-head__title">{first.product.name}</h1>
      <p className="muted">{first.product.parkNames.join(locale === 'en' ? ', ' : '、')}</p>
      {cards.length > 1 && (
        <div className="member-tabs" role="tablist" aria-label={t('passes.card.tabs')}>
          {cards.map((c) => (
            <button
              key={c.holderId}
              type="button"
              role="tab"
              id={`holder-tab-${c.holderId}`}
              aria-selected={c.holderId === card.holderId}
              aria-controls="holder-panel"
              className="member-tabs__tab"
              onClick={() => setPicked(c.holderId)}
              data-testid="holder-tab"
            >
              {c.holderName}
            </button>
          ))}
        </div>
      )}
      {cards.length > 1 ? (
        <div id="holder-panel" role="tabpanel" aria-labelledby={`holder-tab-${card.holderId}`}>
          <HolderCard card={card} today={today} />
        </div>
      ) : (
        <HolderCard card={card} today={today} />
      )}
      <nav className="member-card__links">
        <Link
          className="button button--small"
          to={`/my-tickets/pass/${first.passId}/visits`}
          data-testid="pass-visits-link"
        >
          {t('passes.card.visits')}
        </Link>
        {renewal &&
          (renewal.open ? (
            <Link
              className="button button--primary button--small"
              to={`/my-tickets/pass/${first.passId}/renew`}
              data-testid="pass-renew-link"
            >
              {t('passes.card.renew')}
            </Link>
          ) : (
            <span className="muted">{t('passes.card.renewOpens', { date: formatDate(renewal.opensOn, locale) })}</span>
          ))}
      </nav>
      <PassCancel card={card} termId={currentTerm(card, today)?.ticketId ?? null} />
    </>
  );
}

/** The stored cards of one pass, in holder order, live; undefined while IndexedDB is read. */
export function usePassCards(passId: number) {
  return useLiveQuery(() => walletDb().memberCards.where('passId').equals(passId).sortBy('position'), [passId]);
}

/** /my-tickets/pass/:passId: a pass's member cards from IndexedDB (also offline), refreshed when online. */
export default function MemberCardPage() {
  const { t } = useTranslation();
  const passId = Number(useParams().passId);
  const signedIn = useSignedIn();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const cards = usePassCards(passId);
  useEffect(() => {
    if (signedIn) void syncWallet(userId);
  }, [signedIn, userId]);
  if (!signedIn) return <SignInPrompt />;
  return (
    <div className="wallet member-card-page" data-testid="member-card-page">
      <p className="wallet-back">
        <Link to="/my-tickets">{t('passes.card.back')}</Link>
      </p>
      <OfflineNote />
      {cards === undefined ? (
        <div className="loading" aria-busy="true" />
      ) : cards.length === 0 ? (
        <p className="empty-state" data-testid="member-card-missing">
          {t('passes.card.notFound')}
        </p>
      ) : (
        <MemberCardView cards={cards} today={tokyoDate()} />
      )}
    </div>
  );
}
