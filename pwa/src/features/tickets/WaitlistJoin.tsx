import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/apiErrors';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import { useJoinWaitlistMutation, useMyCardsForWaitlistQuery } from './purchaseApi';

// A sold-out date (or slot) of an item with a waitlist: the visitor joins with the people chosen above and a
// registered card (paid only if an offer comes and is accepted). Until the day before the date.
export function WaitlistJoin({
  itemId,
  date,
  timeSlotId,
  quantities,
}: {
  itemId: number;
  date: string;
  timeSlotId: number | null;
  quantities: { age_group_id: number; quantity: number }[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = useSignedIn();
  const cards = useMyCardsForWaitlistQuery(undefined, { skip: !signedIn });
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const [cardId, setCardId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  const list = cards.data?.data ?? [];
  const chosen = cardId ?? list.find((c) => c.isDefault)?.id ?? list[0]?.id ?? null;

  if (!signedIn) {
    return (
      <p className="notice" data-testid="waitlist-signin">
        {t('tickets.waitlist.signIn')} <Link to="/signin">{t('tickets.waitlist.signInLink')}</Link>
      </p>
    );
  }
  if (joined) {
    return (
      <p className="notice" role="status" data-testid="waitlist-joined">
        {t('tickets.waitlist.joined')} <Link to="/my-tickets/lottery">{t('tickets.waitlist.see')}</Link>
      </p>
    );
  }
  const submit = async () => {
    setError(null);
    if (chosen === null) return;
    try {
      await join({ itemId, date, time_slot_id: timeSlotId, quantities, user_card_id: chosen }).unwrap();
      setJoined(true);
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  return (
    <div className="stack" data-testid="waitlist-join">
      <p>{t('tickets.waitlist.lead')}</p>
      {list.length === 0 ? (
        <p className="notice">
          {t('tickets.waitlist.needCard')} <Link to="/me/settings/register-card">{t('tickets.waitlist.addCard')}</Link>
        </p>
      ) : (
        <div className="field">
          <label htmlFor="waitlist-card">{t('tickets.waitlist.card')}</label>
          <select id="waitlist-card" value={chosen ?? ''} onChange={(e) => setCardId(Number(e.target.value))}>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.brand} •••• {c.last4} ({c.expiry})
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={isLoading || chosen === null}
        aria-busy={isLoading || undefined}
        onClick={() => void submit()}
        data-testid="waitlist-submit"
      >
        {t('tickets.waitlist.join')}
      </button>
    </div>
  );
}
