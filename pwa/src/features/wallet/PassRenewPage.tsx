import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../lib/apiErrors';
import { formatDate, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { ProblemLine } from './components';
import { usePassCards } from './MemberCardPage';
import { type RenewalView, renewalView } from './passRenewal';
import { useRenewPassMutation } from './walletApi';

/** The renewal's facts: old end → new end, price, holders kept, and that a renewed pass cannot be cancelled. */
export function RenewalFacts({ view }: { view: RenewalView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <dl className="member-card__facts" data-testid="renewal-facts">
        <dt>{t('passes.renew.period')}</dt>
        <dd data-testid="renewal-period">
          {formatDate(view.oldUntil, locale)} → <strong>{formatDate(view.newUntil, locale)}</strong>
        </dd>
        <dt>{t('passes.renew.price')}</dt>
        <dd data-testid="renewal-price">{formatYen(view.price, locale)}</dd>
        <dt>{t('passes.renew.holders')}</dt>
        <dd>
          <ul className="pass-benefits">
            {view.holders.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
          <small className="muted">{t('passes.renew.holdersNote')}</small>
        </dd>
      </dl>
      <p className="notice" data-testid="renewal-no-cancel">
        {t('passes.renew.noCancel')}
      </p>
    </>
  );
}

/** /my-tickets/pass/:passId/renew: the renewal into the cart (POST api/v1/me/passes/{passId}/renewal), then the cart. */
export default function PassRenewPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const passId = Number(useParams().passId);
  const cards = usePassCards(passId);
  const [renew, { isLoading }] = useRenewPassMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const view = cards ? renewalView(cards) : null;
  const submit = async () => {
    setProblem(null);
    try {
      await renew(passId).unwrap();
      navigate('/cart');
    } catch (err) {
      setProblem(errorText(err, locale));
    }
  };
  return (
    <div className="wallet" data-testid="pass-renew-page">
      <p className="wallet-back">
        <Link to={`/my-tickets/pass/${passId}`}>{t('passes.card.title')}</Link>
      </p>
      <h1 className="wallet-head__title">{t('passes.renew.title')}</h1>
      {cards?.[0] && <p className="muted">{cards[0].product.name}</p>}
      {cards === undefined ? (
        <div className="loading" aria-busy="true" />
      ) : !view ? (
        <p className="empty-state">{t('passes.renew.notRenewable')}</p>
      ) : (
        <div className="stack">
          <RenewalFacts view={view} />
          {!view.open && (
            <p className="muted" data-testid="renewal-closed">
              {t('passes.renew.closed', {
                from: formatDate(view.opensOn, locale),
                until: formatDate(view.closesOn, locale),
              })}
            </p>
          )}
          <ProblemLine problem={problem} testId="renewal-problem" />
          <button
            type="button"
            className="button button--primary button--block"
            disabled={!view.open || isLoading}
            onClick={() => void submit()}
            data-testid="renewal-submit"
          >
            {t('passes.renew.submit')}
          </button>
        </div>
      )}
    </div>
  );
}
