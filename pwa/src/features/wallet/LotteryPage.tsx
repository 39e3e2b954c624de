import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryEntryView, WaitlistView } from '../../../../common/dto/lottery';
import { errorText } from '../../lib/apiErrors';
import { PushOffer } from '../../lib/components/PushOffer';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { useMyLotteryEntriesQuery } from '../../lib/lottery';
import { useOnline } from '../../lib/online';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { Dialog } from './components';
import { useChangeEntryMutation, useMyWaitlistQuery, useWithdrawEntryMutation } from './lotteryApi';

const CHOICE_SLOTS = ['first', 'second', 'third'] as const;

/** Until entries close: the dates of the choices (same time slot) and the waitlist opt-in. */
function ChangeEntry({ entry, onDone }: { entry: LotteryEntryView; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [change, { isLoading }] = useChangeEntryMutation();
  const [dates, setDates] = useState<string[]>([0, 1, 2].map((i) => entry.choices[i]?.date ?? ''));
  const [waitlist, setWaitlist] = useState(entry.waitlist);
  const [error, setError] = useState<string | null>(null);
  const slot = entry.choices[0]?.slotId ?? null;
  const save = async () => {
    setError(null);
    try {
      await change({
        id: entry.id,
        choices: dates.filter((d) => d !== '').map((d) => ({ date: d, time_slot_id: slot })),
        waitlist,
      }).unwrap();
      showToast({ text: t('wallet.lottery.changed'), kind: 'success' });
      onDone();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  return (
    <div className="stack" data-testid="lottery-change-form">
      {CHOICE_SLOTS.map((slotName, i) => (
        <div key={slotName} className="field">
          <label htmlFor={`entry-${entry.id}-choice-${i}`}>{t('wallet.lottery.choice', { n: i + 1 })}</label>
          <input
            id={`entry-${entry.id}-choice-${i}`}
            type="date"
            value={dates[i] ?? ''}
            required={i === 0}
            onChange={(e) => setDates((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
          />
        </div>
      ))}
      <label className="check">
        <input type="checkbox" checked={waitlist} onChange={(e) => setWaitlist(e.target.checked)} />
        <span>{t('wallet.lottery.waitlistOptIn')}</span>
      </label>
      {error && (
        <p className="wallet-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('wallet.close')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void save()}
          disabled={isLoading || dates[0] === ''}
          aria-busy={isLoading || undefined}
          data-testid="lottery-change-save"
        >
          {t('wallet.lottery.save')}
        </button>
      </div>
    </div>
  );
}

// My Tickets' lottery entries (抽選待ち, then 当選 or 落選) and waitlist places, with what can still be done:
// withdraw an entry before entries close, answer a waitlist offer before its deadline.
const TONE: Record<LotteryEntryView['status'], string> = {
  paying: 'waiting',
  waiting: 'waiting',
  won: 'ready',
  lost: 'refused',
  withdrawn: 'done',
  cancelled: 'refused',
};
const WAIT_TONE: Record<string, string> = {
  waiting: 'waiting',
  offered: 'ready',
  accepted: 'done',
  declined: 'done',
  expired: 'refused',
  withdrawn: 'done',
};

function EntryCard({ entry }: { entry: LotteryEntryView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [withdraw, { isLoading }] = useWithdrawEntryMutation();
  const [asking, setAsking] = useState(false);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await withdraw(entry.id).unwrap();
      setAsking(false);
      showToast({ text: t('wallet.lottery.withdrawn'), kind: 'success' });
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  return (
    <li className="panel lottery-card" data-testid="lottery-entry" data-status={entry.status}>
      <div className="lottery-card__head">
        <strong>{entry.itemName}</strong>
        <span className={`ticket-state ticket-state--${TONE[entry.status]}`} data-testid="lottery-status">
          {t(`wallet.lottery.status.${entry.status}`)}
        </span>
      </div>
      <p className="muted">
        {entry.parkName} · {t('wallet.lottery.party', { count: entry.party })} · {formatYen(entry.amount, locale)}
      </p>
      {entry.wonChoice ? (
        <p data-testid="lottery-won-date">
          {t('wallet.lottery.wonDate', { date: formatDate(entry.wonChoice.date, locale) })}
        </p>
      ) : (
        <ol className="lottery-card__choices">
          {entry.choices.map((c, i) => (
            <li key={`${c.date}-${c.slotId ?? 0}`}>
              {t('wallet.lottery.choice', { n: i + 1 })}: {formatDate(c.date, locale)}
            </li>
          ))}
        </ol>
      )}
      <dl className="lottery-card__times">
        <dt>{t('wallet.lottery.closes')}</dt>
        <dd>{formatDateTime(entry.entryClosesAt, locale)}</dd>
        <dt>{t('wallet.lottery.announce')}</dt>
        <dd>{formatDateTime(entry.announceAt, locale)}</dd>
      </dl>
      {entry.status === 'lost' && entry.waitlist && <p className="muted">{t('wallet.lottery.onWaitlist')}</p>}
      <div className="lottery-card__actions">
        {entry.status === 'won' && (
          <Link className="button button--primary" to="/my-tickets">
            {t('wallet.lottery.seeTickets')}
          </Link>
        )}
        {entry.editable && (
          <button type="button" className="button" onClick={() => setEditing(true)} data-testid="lottery-change">
            {t('wallet.lottery.change')}
          </button>
        )}
        {entry.editable && (
          <button type="button" className="button" onClick={() => setAsking(true)} data-testid="lottery-withdraw">
            {t('wallet.lottery.withdraw')}
          </button>
        )}
      </div>
      <Dialog open={editing} onClose={() => setEditing(false)} title={t('wallet.lottery.changeTitle')}>
        {editing && <ChangeEntry entry={entry} onDone={() => setEditing(false)} />}
      </Dialog>
      <Dialog open={asking} onClose={() => setAsking(false)} title={t('wallet.lottery.withdrawTitle')}>
        <p>{t('wallet.lottery.withdrawLead')}</p>
        {error && (
          <p className="wallet-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {t('wallet.close')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={isLoading}
            aria-busy={isLoading || undefined}
            data-testid="lottery-withdraw-confirm"
          >
            {t('wallet.lottery.withdraw')}
          </button>
        </div>
      </Dialog>
    </li>
  );
}

function WaitCard({ wait }: { wait: WaitlistView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="panel lottery-card" data-testid="waitlist-entry" data-state={wait.state}>
      <div className="lottery-card__head">
        <strong>{wait.itemName}</strong>
        <span className={`ticket-state ticket-state--${WAIT_TONE[wait.state] ?? 'waiting'}`}>
          {t(`wallet.lottery.waitState.${wait.state}`)}
        </span>
      </div>
      <p className="muted">
        {formatDate(wait.date, locale)}
        {wait.time ? ` ${wait.time}` : ''} · {t('wallet.lottery.party', { count: wait.party })} ·{' '}
        {formatYen(wait.amount, locale)}
      </p>
      {wait.state === 'waiting' && wait.ahead !== null && (
        <p className="muted">{t('wallet.lottery.ahead', { count: wait.ahead })}</p>
      )}
      {wait.state === 'offered' && wait.offerDeadline && (
        <Link
          className="button button--primary"
          to={`/my-tickets/waitlist/${wait.id}`}
          data-testid="waitlist-open-offer"
        >
          {t('wallet.lottery.answerBy', { at: formatDateTime(wait.offerDeadline, locale) })}
        </Link>
      )}
    </li>
  );
}

export default function LotteryPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const entries = useMyLotteryEntriesQuery();
  const waits = useMyWaitlistQuery();
  return (
    <div className="wallet stack" data-testid="lottery-page">
      <p>
        <Link to="/my-tickets">{t('wallet.lottery.back')}</Link>
      </p>
      <h1 className="page-title">{t('wallet.lottery.title')}</h1>
      {!online && <p className="notice">{t('wallet.lottery.offline')}</p>}
      {online && <PushOffer reason="lottery" />}
      <section aria-labelledby="lottery-entries" className="stack">
        <h2 id="lottery-entries">{t('wallet.lottery.entries')}</h2>
        <QueryState isLoading={entries.isLoading} error={entries.error} placeholder={<div className="lottery-list" />}>
          {() =>
            !entries.data || entries.data.data.length === 0 ? (
              <p className="empty-state">{t('wallet.lottery.noEntries')}</p>
            ) : (
              <ul className="lottery-list">
                {entries.data.data.map((e) => (
                  <EntryCard key={e.id} entry={e} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
      <section aria-labelledby="waitlist-entries" className="stack">
        <h2 id="waitlist-entries">{t('wallet.lottery.waitlist')}</h2>
        <QueryState isLoading={waits.isLoading} error={waits.error} placeholder={<div className="lottery-list" />}>
          {() =>
            !waits.data || waits.data.data.length === 0 ? (
              <p className="empty-state">{t('wallet.lottery.noWaits')}</p>
            ) : (
              <ul className="lottery-list">
                {waits.data.data.map((w) => (
                  <WaitCard key={w.id} wait={w} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
