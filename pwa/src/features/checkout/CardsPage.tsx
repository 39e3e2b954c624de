import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { message } from '../../../../common/messages';
import { MAX_REGISTERED_CARDS } from '../../../../common/rules/card';
import { errorText } from '../../lib/apiErrors';
import { QueryState } from '../../lib/components/QueryState';
import { useIsChild } from '../../lib/sessionHooks';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { CardLabel } from './CardChoice';
import { CardFields, useCardForm } from './CardFields';
import {
  useCardsQuery,
  useDeleteCardMutation,
  usePaymentsConfigQuery,
  useRegisterCardMutation,
  useSetDefaultCardMutation,
} from './checkoutApi';
import { Alert, SignedIn } from './components';
import { tokenizeCard } from './tokenize';

function CardList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data, isLoading, error } = useCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setDefault, settingDefault] = useSetDefaultCardMutation();
  const [remove, removing] = useDeleteCardMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const busy = settingDefault.isLoading || removing.isLoading;
  const cards = data?.data ?? [];
  const full = cards.length >= MAX_REGISTERED_CARDS;

  const run = async (action: () => Promise<{ meta: { message?: string } }>) => {
    setProblem(null);
    try {
      const res = await action();
      if (res.meta.message) showToast({ text: res.meta.message, kind: 'success' });
    } catch (err) {
      setProblem(errorText(err, locale));
    }
  };

  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => (
        <div className="stack">
          {cards.length === 0 ? (
            <p className="empty-state" data-testid="cards-empty">
              {t('checkout.cards.empty')}
            </p>
          ) : (
            <ul className="card-list" data-testid="card-list">
              {cards.map((c) => (
                <li key={c.id} className="card-row" data-testid="card-row">
                  <CardLabel card={c} />
                  {c.holderName && <span className="muted card-row__holder">{c.holderName}</span>}
                  <div className="card-row__actions">
                    {!c.isDefault && (
                      <button
                        type="button"
                        className="button button--small"
                        disabled={busy}
                        onClick={() => void run(() => setDefault(c.id).unwrap())}
                      >
                        {t('checkout.cards.makeDefault')}
                      </button>
                    )}
                    {confirming === c.id ? (
                      <>
                        <button
                          type="button"
                          className="button button--small button--danger"
                          disabled={busy}
                          onClick={() => {
                            setConfirming(null);
                            void run(() => remove(c.id).unwrap());
                          }}
                        >
                          {t('checkout.cards.confirmDelete')}
                        </button>
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          onClick={() => setConfirming(null)}
                        >
                          {t('checkout.common.cancel')}
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        disabled={busy}
                        onClick={() => setConfirming(c.id)}
                      >
                        {t('checkout.cards.delete')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Alert text={problem} />
          <p className="muted">{t('checkout.cards.count', { count: cards.length, max: MAX_REGISTERED_CARDS })}</p>
          {full ? (
            <p className="notice" data-testid="cards-full">
              {message('cardLimitReached', locale)}
            </p>
          ) : (
            <Link
              to="/me/settings/register-card"
              className="button button--primary button--block"
              data-testid="add-card"
            >
              {t('checkout.cards.add')}
            </Link>
          )}
        </div>
      )}
    </QueryState>
  );
}

function Restricted({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const isChild = useIsChild();
  if (isChild) return <p className="notice">{message('childRestricted', locale)}</p>;
  return children;
}

/** /me/settings/registered-credit-card: brand, last 4 digits, expiry, default; make default, delete; at most 5. */
export default function RegisteredCardsPage() {
  const { t } = useTranslation();
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="cards-page">
        <h1 className="page-title">{t('checkout.cards.title')}</h1>
        <Restricted>
          <CardList />
        </Restricted>
        <p className="checkout-back">
          <Link to="/me/settings">{t('checkout.cards.backToSettings')}</Link>
        </p>
      </div>
    </SignedIn>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const form = useCardForm();
  const config = usePaymentsConfigQuery();
  const cards = useCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [register, { isLoading }] = useRegisterCardMutation();
  const [makeDefault, setMakeDefault] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const full = (cards.data?.data.length ?? 0) >= MAX_REGISTERED_CARDS;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (full) {
      setProblem(message('cardLimitReached', locale));
      return;
    }
    const input = form.validate();
    if (!input || !config.data) return;
    setTokenizing(true);
    const token = await tokenizeCard(config.data.data.card, input);
    setTokenizing(false);
    if (!token.ok) {
      if (token.errors) form.showErrors(token.errors);
      else setProblem(message(token.key ?? 'paymentFailed', locale));
      return;
    }
    try {
      const res = await register({
        token: token.token,
        holder_name: input.holderName.trim(),
        default: makeDefault,
      }).unwrap();
      showToast({ text: res.meta.message ?? message('cardSaved', locale), kind: 'success' });
      navigate('/me/settings/registered-credit-card');
    } catch (err) {
      setProblem(errorText(err, locale));
    }
  };

  return (
    <QueryState isLoading={config.isLoading || cards.isLoading} error={config.error ?? cards.error}>
      {() => (
        <form className="panel stack" onSubmit={(e) => void submit(e)} noValidate data-testid="register-card-form">
          {full && <p className="notice">{message('cardLimitReached', locale)}</p>}
          <CardFields form={form} />
          <label className="check">
            <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
            <span>{t('checkout.cards.setDefault')}</span>
          </label>
          <p className="muted">{t('checkout.card.secureNote')}</p>
          <Alert text={problem} />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={isLoading || tokenizing || full}
            data-testid="register-card-submit"
          >
            {isLoading || tokenizing ? t('checkout.common.sending') : t('checkout.cards.register')}
          </button>
        </form>
      )}
    </QueryState>
  );
}

/** /me/settings/register-card: a new card, tokenised in the browser, registered by its token. */
export function RegisterCardPage() {
  const { t } = useTranslation();
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="register-card-page">
        <h1 className="page-title">{t('checkout.cards.addTitle')}</h1>
        <Restricted>
          <RegisterForm />
        </Restricted>
        <p className="checkout-back">
          <Link to="/me/settings/registered-credit-card">{t('checkout.cards.backToList')}</Link>
        </p>
      </div>
    </SignedIn>
  );
}
