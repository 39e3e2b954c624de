import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLotteryRoundQuery, useMyLotteryEntriesQuery } from '../../lib/lottery';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';

// A lottery item's round on its page: the entry period, the draw and announcement, the winners' purchase deadline,
// the commitments once entries close, and the signed-in visitor's entry with its state.
export function LotteryRound({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = useSignedIn();
  const round = useLotteryRoundQuery(itemId);
  const mine = useMyLotteryEntriesQuery(undefined, { skip: !signedIn });
  const r = round.data?.data;
  if (!r) return null;
  const entry = mine.data?.data.find(
    (e) => e.lotteryId === r.id && e.status !== 'withdrawn' && e.status !== 'cancelled',
  );
  return (
    <section className="panel stack" aria-labelledby="lottery-round" data-testid="lottery-round">
      <h2 id="lottery-round">{t('tickets.lottery.title')}</h2>
      <dl className="facts">
        <dt>{t('tickets.lottery.dates')}</dt>
        <dd>
          {formatDate(r.useFrom, locale)} – {formatDate(r.useTo, locale)}
        </dd>
        <dt>{t('tickets.lottery.entries')}</dt>
        <dd>
          {formatDateTime(r.entryOpensAt, locale)} – {formatDateTime(r.entryClosesAt, locale)}
        </dd>
        <dt>{t('tickets.lottery.draw')}</dt>
        <dd>{formatDateTime(r.drawAt, locale)}</dd>
        <dt>{t('tickets.lottery.announce')}</dt>
        <dd>{formatDateTime(r.announceAt, locale)}</dd>
        <dt>{t('tickets.lottery.deadline')}</dt>
        <dd>{formatDateTime(r.purchaseDeadline, locale)}</dd>
      </dl>
      <p className="muted">{t(`tickets.lottery.state.${r.state}`)}</p>
      {r.seedHash && (
        <p className="muted lottery-commitment">
          {t('tickets.lottery.commitment')} <code>{r.seedHash.slice(0, 16)}…</code>
        </p>
      )}
      {entry && (
        <p className="notice" data-testid="lottery-my-entry">
          {t('tickets.lottery.yourEntry', { state: t(`wallet.lottery.status.${entry.status}`) })}{' '}
          <Link to="/my-tickets/lottery">{t('tickets.lottery.see')}</Link>
        </p>
      )}
    </section>
  );
}
