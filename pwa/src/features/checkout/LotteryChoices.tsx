import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../../common/dto/cart';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLotteryRoundQuery } from '../../lib/lottery';
import { useLocale } from '../../lib/useLocale';
import type { CheckoutDraft } from './rules';

// A lottery entry at checkout: the round's times, the line's date as the first choice, up to two more dates (same
// time slot) and the waitlist opt-in. The card is only authorised now (or, for a draw beyond an authorisation's
// lifetime, checked and saved) and charged if the entry wins.
export function LotteryChoices({
  line,
  draft,
  onChange,
}: {
  line: CartLine;
  draft: Pick<CheckoutDraft, 'lotteryChoices' | 'lotteryWaitlist'>;
  onChange: (next: Pick<CheckoutDraft, 'lotteryChoices' | 'lotteryWaitlist'>) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const round = useLotteryRoundQuery(line.itemId ?? 0, { skip: !line.itemId });
  const r = round.data?.data;
  const slot = line.timeSlot?.id ?? null;
  const dates = (draft.lotteryChoices ?? []).map((c) => c.date);
  const setDate = (i: number, date: string) => {
    const next = [dates[0] ?? '', dates[1] ?? ''];
    next[i] = date;
    onChange({
      ...draft,
      lotteryChoices: next.filter((d) => d !== '').map((d) => ({ date: d, time_slot_id: slot })),
    });
  };
  return (
    <section className="panel stack" aria-labelledby={`${id}-lottery`} data-testid="lottery-choices">
      <h2 id={`${id}-lottery`}>{t('checkout.lottery.title')}</h2>
      <p className="muted" data-testid="lottery-card-lead">
        {t(r?.chargeAtDraw ? 'checkout.lottery.leadCheck' : 'checkout.lottery.lead')}
      </p>
      {r && (
        <dl className="facts">
          <dt>{t('checkout.lottery.closes')}</dt>
          <dd>{formatDateTime(r.entryClosesAt, locale)}</dd>
          <dt>{t('checkout.lottery.announce')}</dt>
          <dd>{formatDateTime(r.announceAt, locale)}</dd>
        </dl>
      )}
      <p>
        {t('checkout.lottery.first')}: <strong>{formatDate(line.date, locale)}</strong>
      </p>
      {[0, 1].map((i) => (
        <div key={i} className="field">
          <label htmlFor={`${id}-choice-${i}`}>{t('checkout.lottery.more', { n: i + 2 })}</label>
          <input
            id={`${id}-choice-${i}`}
            type="date"
            value={dates[i] ?? ''}
            min={r?.useFrom}
            max={r?.useTo}
            onChange={(e) => setDate(i, e.target.value)}
            data-testid={`lottery-choice-${i + 2}`}
          />
        </div>
      ))}
      <label className="check">
        <input
          type="checkbox"
          checked={draft.lotteryWaitlist === true}
          onChange={(e) => onChange({ ...draft, lotteryWaitlist: e.target.checked })}
          data-testid="lottery-waitlist"
        />
        <span>{t('checkout.lottery.waitlist')}</span>
      </label>
    </section>
  );
}
