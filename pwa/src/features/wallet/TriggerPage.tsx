import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { UseConflict, WalletTicket } from '../../../../common/dto/wallet';
import { walletDb } from '../../db/wallet';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime } from '../../lib/format';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import { ProblemLine, SignInPrompt, StateBadge, UseConfirmDialog } from './components';
import { isBeforeUseDay } from './rules';
import { apiCode, apiMessage, useFireTriggerMutation, useTicketTriggerQuery } from './walletApi';

/** /product/trigger/:id: URL access — opening this page on the day of use and confirming marks the ticket used. */
export default function TriggerPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id = '' } = useParams();
  const signedIn = useSignedIn();
  const view = useTicketTriggerQuery(id, { skip: !signedIn });
  const [fire, firing] = useFireTriggerMutation();
  const [confirm, setConfirm] = useState(false);
  const [used, setUsed] = useState<WalletTicket | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!signedIn) return <SignInPrompt />;

  async function onUse() {
    setConfirm(false);
    setProblem(null);
    try {
      const answer = await fire({ id, clientId: crypto.randomUUID(), usedAt: new Date().toISOString() }).unwrap();
      setUsed(answer.data.ticket);
      await walletDb().tickets.put(answer.data.ticket);
    } catch (error) {
      const code = apiCode(error) as UseConflict | null;
      setProblem(
        code && ['alreadyUsed', 'notUseDay', 'notUsable'].includes(code)
          ? t(`wallet.use.conflict.${code}`)
          : (apiMessage(error) ?? t('wallet.failed')),
      );
      view.refetch();
    }
  }

  return (
    <div className="wallet stack" data-testid="trigger-page">
      <h1 className="page-title">{t('wallet.trigger.title')}</h1>
      <QueryState isLoading={view.isLoading} error={view.error}>
        {() => {
          const data = view.data?.data;
          if (!data) return null;
          const ticket = used ?? ('ticket' in data ? data.ticket : data);
          const usable = !used && ('usable' in data ? data.usable : ticket.state !== 'used');
          return (
            <>
              <section className="wallet-panel">
                <p className="muted">{ticket.park.name}</p>
                <h2 className="wallet-panel__title">{ticket.itemName}</h2>
                <p>{formatDate(ticket.useDate, locale)}</p>
                <StateBadge state={ticket.state} />
                {ticket.usedAt && <p data-testid="trigger-used-at">{formatDateTime(ticket.usedAt, locale)}</p>}
              </section>
              {used && (
                <p className="wallet-ok" role="status" data-testid="trigger-done">
                  {t('wallet.trigger.used')}
                </p>
              )}
              <ProblemLine problem={problem} testId="trigger-problem" />
              {usable ? (
                <>
                  <p>{t('wallet.trigger.lead')}</p>
                  <button
                    type="button"
                    className="button button--primary button--block"
                    disabled={firing.isLoading}
                    onClick={() => setConfirm(true)}
                    data-testid="trigger-use"
                  >
                    {t('wallet.use.button')}
                  </button>
                </>
              ) : (
                !used &&
                isBeforeUseDay(ticket.useDate) && (
                  <p className="muted">{t('wallet.trigger.notYet', { date: formatDate(ticket.useDate, locale) })}</p>
                )
              )}
              <Link className="button" to={`/my-tickets/ticket/${encodeURIComponent(ticket.id)}`}>
                {t('wallet.ticket.backToTicket')}
              </Link>
              <UseConfirmDialog
                open={confirm}
                onClose={() => setConfirm(false)}
                onConfirm={() => void onUse()}
                testId="trigger-dialog"
                confirmTestId="trigger-confirm"
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
