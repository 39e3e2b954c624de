import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../lib/apiErrors';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { followPaymentStart } from '../../lib/paymentReturn';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useAcceptOfferMutation, useLeaveWaitlistMutation, useWaitlistEntryQuery } from './lotteryApi';

// A waitlist offer: places held for the visitor until the deadline. Accepting pays with the card registered when
// joining (3-D Secure may follow); declining passes the places on at once.
export default function WaitlistOfferPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const entry = useWaitlistEntryQuery(id, { skip: !Number.isSafeInteger(id) || id < 1 });
  const [accept, accepting] = useAcceptOfferMutation();
  const [leave, leaving] = useLeaveWaitlistMutation();
  const [error, setError] = useState<string | null>(null);

  const take = async () => {
    setError(null);
    try {
      const res = await accept(id).unwrap();
      followPaymentStart(res.data.payment, {
        navigate,
        failed: setError,
        completed: () => {
          showToast({ text: t('wallet.lottery.accepted'), kind: 'success' });
          navigate('/my-tickets');
        },
      });
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const decline = async () => {
    setError(null);
    try {
      await leave(id).unwrap();
      showToast({ text: t('wallet.lottery.declined'), kind: 'success' });
      navigate('/my-tickets/lottery');
    } catch (err) {
      setError(errorText(err, locale));
    }
  };

  return (
    <div className="wallet stack" data-testid="waitlist-offer-page">
      <p>
        <Link to="/my-tickets/lottery">{t('wallet.lottery.backToList')}</Link>
      </p>
      <h1 className="page-title">{t('wallet.lottery.offerTitle')}</h1>
      <QueryState isLoading={entry.isLoading} error={entry.error}>
        {() => {
          const w = entry.data?.data;
          if (!w) return null;
          const open = w.state === 'offered' && w.offerDeadline !== null;
          return (
            <section className="panel stack" data-state={w.state}>
              <h2>{w.itemName}</h2>
              <dl className="lottery-card__times">
                <dt>{t('wallet.lottery.date')}</dt>
                <dd>
                  {formatDate(w.date, locale)}
                  {w.time ? ` ${w.time}` : ''}
                </dd>
                <dt>{t('wallet.lottery.people')}</dt>
                <dd>{t('wallet.lottery.party', { count: w.party })}</dd>
                <dt>{t('wallet.lottery.amount')}</dt>
                <dd>{formatYen(w.amount, locale)}</dd>
                {w.offerDeadline && (
                  <>
                    <dt>{t('wallet.lottery.deadline')}</dt>
                    <dd data-testid="offer-deadline">{formatDateTime(w.offerDeadline, locale)}</dd>
                  </>
                )}
              </dl>
              {open ? (
                <>
                  <p>{t('wallet.lottery.offerLead')}</p>
                  <p className="notice">{t('wallet.lottery.noCancel')}</p>
                  {error && (
                    <p className="wallet-error" role="alert">
                      {error}
                    </p>
                  )}
                  <div className="lottery-card__actions">
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => void take()}
                      disabled={accepting.isLoading || leaving.isLoading}
                      aria-busy={accepting.isLoading || undefined}
                      data-testid="offer-accept"
                    >
                      {t('wallet.lottery.accept', { amount: formatYen(w.amount, locale) })}
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => void decline()}
                      disabled={accepting.isLoading || leaving.isLoading}
                      aria-busy={leaving.isLoading || undefined}
                      data-testid="offer-decline"
                    >
                      {t('wallet.lottery.decline')}
                    </button>
                  </div>
                </>
              ) : (
                <p className="notice" data-testid="offer-closed">
                  {t(`wallet.lottery.waitState.${w.state}`)}
                </p>
              )}
            </section>
          );
        }}
      </QueryState>
    </div>
  );
}
