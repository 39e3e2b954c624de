import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { errorStatus } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/session';
import { useSignedIn } from '../../lib/sessionHooks';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { ProblemLine } from './components';
import { shareExpiry } from './rules';
import { apiMessage, useReceiveShareMutation, useSharePreviewQuery } from './walletApi';
import { syncWallet } from './walletSync';

function Refused({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="empty-state" data-testid={testId}>
      <p className="wallet-error">{text}</p>
      <Link className="button" to="/my-tickets">
        {t('wallet.receive.toMyTickets')}
      </Link>
    </section>
  );
}

/** /my-tickets/ticket/share/:id: what was shared, and receiving it (guests register or sign in and come back). */
export default function ShareReceivePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const signedIn = useSignedIn();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const preview = useSharePreviewQuery(id);
  const [receive, receiving] = useReceiveShareMutation();
  const [expiredNow, setExpiredNow] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const here = `/my-tickets/ticket/share/${encodeURIComponent(id)}`;

  async function onReceive() {
    setProblem(null);
    try {
      await receive(id).unwrap();
      await syncWallet(userId);
      showToast({ text: t('wallet.receive.received'), kind: 'success' });
      navigate('/my-tickets');
    } catch (error) {
      if (errorStatus(error) === 410) setExpiredNow(true);
      else setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }

  const body = (() => {
    if (preview.isLoading) return <div className="loading" aria-busy="true" />;
    const status = errorStatus(preview.error);
    if (status === 410 || expiredNow) return <Refused text={t('wallet.receive.expired')} testId="share-expired" />;
    if (preview.error || !preview.data) return <Refused text={t('wallet.receive.notFound')} testId="share-missing" />;
    const p = preview.data.data;
    if (p.state === 'received') return <Refused text={t('wallet.receive.alreadyReceived')} testId="share-received" />;
    if (p.state === 'cancelled') return <Refused text={t('wallet.receive.cancelled')} testId="share-cancelled" />;
    if (shareExpiry(p).expired) return <Refused text={t('wallet.receive.expired')} testId="share-expired" />;
    return (
      <>
        <section className="wallet-panel" data-testid="share-preview">
          <h2 className="wallet-panel__title">{t('wallet.receive.from', { name: p.sharerName })}</h2>
          <p className="wallet-ticket-head__park">{p.park.name}</p>
          <ul className="wallet-share__tickets">
            {p.tickets.map((x, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id
              <li key={i} data-testid="share-preview-ticket">
                <strong>{x.itemName}</strong> · {formatDate(x.useDate, locale)}
                {x.time ? ` ${x.time}` : ''}
                {x.ageGroupName ? ` · ${x.ageGroupName}` : ''}
              </li>
            ))}
          </ul>
          <p className="muted">{t('wallet.receive.until', { at: formatDateTime(p.expiresAt, locale) })}</p>
        </section>
        <ProblemLine problem={problem} />
        {signedIn ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={receiving.isLoading}
            onClick={() => void onReceive()}
            data-testid="share-receive"
          >
            {t('wallet.receive.button')}
          </button>
        ) : (
          <section className="wallet-panel" data-testid="share-guest">
            <p>{t('wallet.receive.guestLead')}</p>
            <div className="wallet-links">
              <Link
                className="button button--primary"
                to="/register"
                onClick={() => sessionStorage.setItem(STORAGE_KEYS.returnUrl, here)}
              >
                {t('wallet.receive.register')}
              </Link>
              <Link className="button" to={`/signin?redirect=${encodeURIComponent(here)}`}>
                {t('wallet.receive.signIn')}
              </Link>
            </div>
          </section>
        )}
      </>
    );
  })();

  return (
    <div className="wallet stack" data-testid="share-receive-page">
      <h1 className="page-title">{t('wallet.receive.title')}</h1>
      {body}
    </div>
  );
}
