// /groups/requests/:id/pay: the leader of an approved group pays by card instead of by invoice (issue 31). The
// amount is the one the park approved; the places stay held until the due date whatever happens to a card attempt.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { errorText } from '../../lib/apiErrors';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatYen } from '../../lib/format';
import { followPaymentStart } from '../../lib/paymentReturn';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { CardChoice, useCardChoice } from './CardChoice';
import { useGroupToPayQuery, usePayGroupByCardMutation } from './checkoutApi';
import { Alert, SignedIn } from './components';
import { PaymentProfileForm, profileComplete } from './ProfileForm';

function GroupCardPayment({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const request = useGroupToPayQuery(id, { refetchOnMountOrArgChange: true });
  const choice = useCardChoice({ offerSave: false });
  const [pay, paying] = usePayGroupByCardMutation();
  const [error, setError] = useState<string | null>(null);
  const profile = useAppSelector((s) => s.session.user);

  const submit = async () => {
    setError(null);
    const card = await choice.resolve();
    if (!card) return;
    try {
      const body = 'user_card_id' in card ? { user_card_id: card.user_card_id } : { card_token: card.card_token };
      const p = (await pay({ id, card: body }).unwrap()).data.payment;
      followPaymentStart(p, {
        navigate,
        failed: setError,
        completed: () => {
          showToast({ text: t('groups.cardPaid'), kind: 'success' });
          navigate(`/groups/requests/${id}`);
        },
      });
    } catch (err) {
      setError(errorText(err, locale));
    }
  };

  return (
    <QueryState isLoading={request.isLoading || choice.loading} error={request.error ?? choice.error}>
      {() => {
        const r = request.data?.data;
        if (!r) return null;
        if (r.state !== 'approved' || r.price === null) {
          return (
            <section className="panel stack">
              <p data-testid="group-pay-closed">{t('groups.nothingToPay')}</p>
              <Link className="button" to={`/groups/requests/${id}`}>
                {t('groups.back')}
              </Link>
            </section>
          );
        }
        return (
          <div className="stack">
            <section className="panel">
              <h2>{r.organisation}</h2>
              <dl className="group-facts">
                <dt>{t('groups.date')}</dt>
                <dd>
                  {r.itemName} · {formatDate(r.date, locale)}
                </dd>
                <dt>{t('groups.price')}</dt>
                <dd data-testid="group-pay-amount">{formatYen(r.price, locale)}</dd>
              </dl>
            </section>
            {!profileComplete(profile) && profile && <PaymentProfileForm profile={profile} />}
            <CardChoice choice={choice} />
            <Alert text={choice.tokenError ?? error} />
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void submit()}
              disabled={paying.isLoading || choice.tokenizing}
              data-testid="group-card-pay"
            >
              {paying.isLoading || choice.tokenizing
                ? t('checkout.common.sending')
                : t('checkout.payment.pay', { total: formatYen(r.price, locale) })}
            </button>
            <p className="checkout-back">
              <Link to={`/groups/requests/${id}`}>{t('groups.back')}</Link>
            </p>
          </div>
        );
      }}
    </QueryState>
  );
}

export default function GroupCardPaymentPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <ErrorPage status={404} />;
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="group-card-payment-page">
        <h1 className="page-title">{t('groups.payByCardTitle')}</h1>
        <GroupCardPayment id={id} />
      </div>
    </SignedIn>
  );
}
