// Choosing the card to pay with: a registered card (the default preselected) or a new one typed here and tokenised
// (never sent to our API). The checkout's card step and a group's card payment use it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { message } from '../../../../common/messages';
import { MAX_REGISTERED_CARDS, type RegisteredCard } from '../../../../common/rules/card';
import { useLocale } from '../../lib/useLocale';
import { CardFields, useCardForm } from './CardFields';
import { useCardsQuery, usePaymentsConfigQuery } from './checkoutApi';
import { tokenizeCard } from './tokenize';

export function CardLabel({ card }: { card: RegisteredCard }) {
  const { t } = useTranslation();
  return (
    <span className="card-label">
      <span className="card-label__brand">{card.brand}</span>
      <span className="card-label__number">•••• {card.last4}</span>
      <span className="muted">{t('checkout.card.expiresShort', { expiry: card.expiry })}</span>
      {card.isDefault && <span className="badge">{t('checkout.card.default')}</span>}
    </span>
  );
}

/** The card the API is given: a registered card's id, or a new card's one-time token (and whether to keep it). */
export type ChosenCard = { user_card_id: number } | { card_token: string; card_holder: string; save_card: boolean };

export function useCardChoice({ offerSave }: { offerSave: boolean }) {
  const locale = useLocale();
  const cards = useCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  const config = usePaymentsConfigQuery();
  const form = useCardForm();
  const [choice, setChoice] = useState<number | 'new' | null>(null);
  const [save, setSave] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const list = cards.data?.data ?? [];
  const selected = choice ?? list.find((c) => c.isDefault)?.id ?? list[0]?.id ?? 'new';
  const full = list.length >= MAX_REGISTERED_CARDS;
  return {
    list,
    selected,
    setChoice,
    form,
    save,
    setSave,
    full,
    offerSave,
    tokenError,
    tokenizing,
    loading: cards.isLoading || config.isLoading,
    error: cards.error,
    /** The chosen card for the API, or null when the form or the tokeniser refused it (the reason is shown). */
    async resolve(): Promise<ChosenCard | null> {
      setTokenError(null);
      if (selected !== 'new') return { user_card_id: selected };
      const input = form.validate();
      if (!input || !config.data) return null;
      setTokenizing(true);
      const result = await tokenizeCard(config.data.data.card, input);
      setTokenizing(false);
      if (!result.ok) {
        if (result.errors) form.showErrors(result.errors);
        else setTokenError(message(result.key ?? 'paymentFailed', locale));
        return null;
      }
      return { card_token: result.token, card_holder: input.holderName.trim(), save_card: offerSave && save && !full };
    },
  };
}

export type CardChoiceState = ReturnType<typeof useCardChoice>;

export function CardChoice({ choice }: { choice: CardChoiceState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { list, selected, setChoice, form, save, setSave, full } = choice;
  return (
    <section className="panel stack" aria-labelledby={`${id}-cards`} data-testid="card-choice">
      <h2 id={`${id}-cards`}>{t('checkout.card.choose')}</h2>
      <fieldset className="method-choices" aria-labelledby={`${id}-cards`}>
        {list.map((c) => (
          <label key={c.id} className="method-choice">
            <input
              type="radio"
              name="card"
              checked={selected === c.id}
              onChange={() => setChoice(c.id)}
              data-testid="registered-card"
            />
            <CardLabel card={c} />
          </label>
        ))}
        <label className="method-choice">
          <input
            type="radio"
            name="card"
            checked={selected === 'new'}
            onChange={() => setChoice('new')}
            data-testid="new-card"
          />
          <span>{t('checkout.card.useNew')}</span>
        </label>
      </fieldset>
      {selected === 'new' && (
        <>
          <CardFields form={form} />
          {choice.offerSave && (
            <>
              <label className="check">
                <input
                  type="checkbox"
                  checked={save && !full}
                  disabled={full}
                  onChange={(e) => setSave(e.target.checked)}
                />
                <span>{t('checkout.card.save')}</span>
              </label>
              {full && <p className="field-hint">{message('cardLimit', locale)}</p>}
            </>
          )}
          <p className="muted">{t('checkout.card.secureNote')}</p>
        </>
      )}
      <p className="muted">{t('checkout.card.lumpSum')}</p>
    </section>
  );
}
