// A member card's online moves (issue 29, README 2.4, 2.6): the owner cancels the pass before its first entry (the
// quote first: the product's rate, fee and refund; every holder's card goes), or is told it no longer can; the owner
// or the holder reissues a card on this phone (the old phone's QR stops working once gates sync).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MemberCard } from '../../../../common/dto/pass';
import { useAppSelector } from '../../app/store';
import { useOnline } from '../../lib/online';
import { useIsChild } from '../../lib/sessionHooks';
import { showToast } from '../../lib/toast';
import { CancelQuoteDialog } from './CancelQuoteDialog';
import { Dialog, ProblemLine } from './components';
import { useReissueHolderCardMutation } from './passActionsApi';
import { apiMessage, useCancelTicketsMutation, useLazyCancellationQuoteQuery } from './walletApi';
import { syncWallet } from './walletSync';

/** Cancel the whole pass (owner, before the first entry), or why it cannot be any more. */
export function PassCancel({ card, termId }: { card: MemberCard; termId: string | null }) {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [loadQuote, quoteState] = useLazyCancellationQuoteQuery();
  const [cancel, cancelState] = useCancelTicketsMutation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!card.ownerIsMe || card.state === 'cancelled' || card.state === 'cancel_waiting') return null;
  if (!card.cancellable || !termId) {
    return (
      <p className="muted" data-testid="pass-cancel-refused">
        {t('passVisitor.cancel.refused')}
      </p>
    );
  }
  const quote = quoteState.data?.data;
  async function start() {
    setProblem(null);
    try {
      await loadQuote([termId as string]).unwrap();
      setOpen(true);
    } catch (error) {
      setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }
  async function confirm() {
    try {
      const answer = (await cancel({ ticket_ids: [termId as string] }).unwrap()).data;
      setOpen(false);
      await syncWallet(userId);
      // Paid at a konbini: the refund comes by bank transfer, the account is entered next.
      if (answer?.bankTransfer) {
        showToast({ text: t('konbini.refund.done'), kind: 'success' });
        navigate(`/my-tickets/refunds/${answer.bankTransfer.id}`);
        return;
      }
      showToast({ text: t('passVisitor.cancel.done'), kind: 'success' });
      navigate('/my-tickets');
    } catch (error) {
      setOpen(false);
      setProblem(apiMessage(error) ?? t('wallet.failed'));
      await syncWallet(userId);
    }
  }
  return (
    <section className="wallet-cancel" aria-labelledby="pass-cancel-title">
      <h2 id="pass-cancel-title" className="section-title">
        {t('passVisitor.cancel.title')}
      </h2>
      <p className="muted">{t('passVisitor.cancel.lead')}</p>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={!online || quoteState.isFetching}
        onClick={() => void start()}
        data-testid="pass-cancel"
      >
        {t('passVisitor.cancel.button')}
      </button>
      {!online && <p className="muted">{t('wallet.onlineOnly')}</p>}
      <ProblemLine problem={problem} testId="pass-cancel-problem" />
      <CancelQuoteDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
        busy={cancelState.isLoading}
        quote={quote}
        leadingRows={(q) => (
          <>
            <div>
              <dt>{t('passVisitor.cancel.holders')}</dt>
              <dd>{t('passVisitor.cancel.holderCount', { count: q.ticketIds.length })}</dd>
            </div>
            <div>
              <dt>{t('passVisitor.cancel.rate')}</dt>
              <dd>{q.chargeRate}%</dd>
            </div>
          </>
        )}
        texts={{
          title: t('passVisitor.cancel.dialogTitle'),
          lead: t('passVisitor.cancel.confirmLead'),
          keep: t('passVisitor.cancel.keep'),
          confirm: t('passVisitor.cancel.confirm'),
        }}
        testId="pass-cancel"
      />
    </section>
  );
}

/** "Reissue on this phone": the owner or the holder (not a kids account: it asks its parent). */
export function ReissueCard({ card }: { card: MemberCard }) {
  const { t } = useTranslation();
  const online = useOnline();
  const child = useIsChild();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const [reissue, state] = useReissueHolderCardMutation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (child || !(card.ownerIsMe || card.isMe) || card.state === 'cancelled' || card.state === 'expired') return null;
  async function confirm() {
    setProblem(null);
    try {
      await reissue({ passId: card.passId, holderId: card.holderId }).unwrap();
      setOpen(false);
      await syncWallet(userId);
      showToast({ text: t('passVisitor.reissue.done'), kind: 'success' });
    } catch (error) {
      setOpen(false);
      setProblem(apiMessage(error) ?? t('wallet.failed'));
    }
  }
  return (
    <div className="member-card__reissue">
      <button
        type="button"
        className="button button--small"
        disabled={!online || state.isLoading}
        onClick={() => setOpen(true)}
        data-testid="pass-reissue"
      >
        {t('passVisitor.reissue.button')}
      </button>
      <ProblemLine problem={problem} testId="pass-reissue-problem" />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('passVisitor.reissue.title', { name: card.holderName })}
        testId="pass-reissue-dialog"
      >
        <p>{t('passVisitor.reissue.lead')}</p>
        <p className="notice">{t('passVisitor.reissue.warning')}</p>
        <div className="dialog-actions">
          <button type="button" className="button button--small" onClick={() => setOpen(false)}>
            {t('passVisitor.reissue.keep')}
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={state.isLoading}
            onClick={() => void confirm()}
            data-testid="pass-reissue-confirm"
          >
            {t('passVisitor.reissue.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
