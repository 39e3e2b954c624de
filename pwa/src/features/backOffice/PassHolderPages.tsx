// /staff/office/:parkId/passes/holders and …/holders/:holderId: the park's annual pass holders (README of
// server/features/passes, 2.10 and 2.15). Every member finds holders (name, pass number, e-mail, phone; state chips)
// and reads a holder's page; editors and owners suspend and reinstate with a reason and reissue a card.

import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OfficePassHolderDetail, OfficePassHolderRow, PassState } from '../../../../common/dto/pass';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage, useOfficeOverviewQuery } from './backOfficeApi';
import {
  useChangeSuspensionMutation,
  usePassHolderQuery,
  useReissueCardMutation,
  useSearchPassHoldersQuery,
} from './passHolderApi';
import './backOffice.css';
import './passHolders.css';

const STATES: PassState[] = ['active', 'not_started', 'suspended', 'expired', 'cancel_waiting', 'cancelled'];
const PER_PAGE = 20;

function Crumbs({ parkId, holders }: { parkId: number; holders?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="office-crumbs" aria-label={t('backOffice.title')}>
      <Link to="/staff/office">{t('backOffice.title')}</Link>
      {' › '}
      <Link to={`/staff/office/${parkId}/passes`}>{t('passOffice.link')}</Link>
      {holders && (
        <>
          {' › '}
          <Link to={`/staff/office/${parkId}/passes/holders`}>{t('passHolders.back')}</Link>
        </>
      )}
    </nav>
  );
}

function StateBadge({ state }: { state: PassState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge pass-state pass-state--${state}`} data-testid="holder-state">
      {t(`passHolders.states.${state}`)}
    </span>
  );
}

function validity(row: OfficePassHolderRow, locale: 'ja' | 'en', t: TFunction) {
  if (!row.validFrom || !row.validUntil) return t('passHolders.notStarted');
  return t('passHolders.validityRange', {
    from: formatDate(row.validFrom, locale),
    until: formatDate(row.validUntil, locale),
  });
}

/** /staff/office/:parkId/passes/holders (?q=&state=&page= kept in the address). */
export function OfficePassHoldersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const [params, setParams] = useSearchParams();
  const askedQ = params.get('q') ?? '';
  const askedState = (STATES as string[]).includes(params.get('state') ?? '') ? (params.get('state') as PassState) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [q, setQ] = useState(askedQ);
  const result = useSearchPassHoldersQuery({ parkId, q: askedQ, state: askedState, page }, { skip: !(parkId > 0) });
  const go = (next: { q?: string; state?: PassState | ''; page?: number }) => {
    const merged = { q: askedQ, state: askedState, page: 1, ...next };
    const out: Record<string, string> = {};
    if (merged.q) out.q = merged.q;
    if (merged.state) out.state = merged.state;
    if (merged.page > 1) out.page = String(merged.page);
    setParams(out, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: q.trim() });
  };
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <div className="stack office" data-testid="office-pass-holders">
      <Crumbs parkId={parkId} />
      <h1 className="page-title">{t('passHolders.title')}</h1>
      <form className="panel stack" onSubmit={submit} aria-label={t('passHolders.search')}>
        <div className="field">
          <label htmlFor="holder-q">{t('passHolders.searchLabel')}</label>
          <div className="holder-search">
            <input
              id="holder-q"
              className="input"
              type="search"
              maxLength={100}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              aria-describedby="holder-q-hint"
              data-testid="holder-q"
            />
            <button type="submit" className="button button--primary" data-testid="holder-search">
              {t('passHolders.searchButton')}
            </button>
          </div>
          <p id="holder-q-hint" className="muted">
            {t('passHolders.searchHint')}
          </p>
        </div>
        <fieldset className="field chips">
          <legend>{t('passHolders.stateFilter')}</legend>
          {(['', ...STATES] as const).map((s) => (
            <label key={s || 'all'} className="chip">
              <input
                type="radio"
                name="holder-state"
                value={s}
                checked={askedState === s}
                onChange={() => go({ state: s })}
                data-testid={`holder-chip-${s || 'all'}`}
              />
              <span>{s ? t(`passHolders.states.${s}`) : t('passHolders.allStates')}</span>
            </label>
          ))}
        </fieldset>
      </form>
      {result.error && (
        <p className="notice" role="alert">
          {errorMessage(result.error) ?? t('passHolders.failed')}
        </p>
      )}
      {data && (
        <section className="stack" aria-labelledby="holder-results" aria-busy={result.isFetching}>
          <h2 id="holder-results" className="office-table-title" data-testid="holder-total">
            {t('passHolders.results', { count: data.total })}
          </h2>
          {data.rows.length === 0 && <p className="muted">{t('passHolders.noResults')}</p>}
          <ul className="office-list">
            {data.rows.map((r) => (
              <li key={r.holderId}>
                <Link
                  className="office-row holder-row"
                  to={`/staff/office/${parkId}/passes/holders/${r.holderId}`}
                  data-testid="holder-row"
                >
                  <span className="office-item__main">
                    <span className="holder-row__name">{r.name}</span>
                    <span className="muted">
                      {t('passHolders.holderNo', { number: r.passNumber, position: r.position })}
                    </span>
                    <span className="muted">
                      {r.productName} · {validity(r, locale, t)}
                    </span>
                    <span className="muted">
                      {r.lastVisit
                        ? t('passHolders.lastVisit', { date: formatDate(r.lastVisit, locale) })
                        : t('passHolders.neverVisited')}
                    </span>
                  </span>
                  <span className="office-item__side">
                    <StateBadge state={r.state} />
                    <span className="muted">{t(`passHolders.photoStates.${r.photoState}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="office-actions holder-pages" aria-label={t('passHolders.page', { page, pages })}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                {t('passHolders.prev')}
              </button>
              <span>
                {t('passHolders.page', { page: formatNumber(page, locale), pages: formatNumber(pages, locale) })}
              </span>
              <button type="button" className="button" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                {t('passHolders.next')}
              </button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}

/** A modal asking to confirm a change, with a reason when `withReason`. */
function ConfirmDialog({
  open,
  title,
  lead,
  withReason,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  lead: string;
  withReason: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      setReason('');
      setMissing(false);
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withReason && !reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };
  const shown = missing ? t('passHolders.reasonRequired') : error;
  return (
    <dialog ref={ref} className="office-dialog" aria-labelledby={titleId} onClose={onClose} data-testid="holder-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        <p>{lead}</p>
        {withReason && (
          <div className="field">
            <label htmlFor={`${titleId}-reason`}>{t('passHolders.reason')}</label>
            <textarea
              id={`${titleId}-reason`}
              className="input"
              maxLength={500}
              required
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
              aria-invalid={missing || undefined}
              data-testid="holder-reason"
            />
          </div>
        )}
        {shown && (
          <p className="notice" role="alert" data-testid="holder-dialog-error">
            {shown}
          </p>
        )}
        <div className="office-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('passHolders.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} data-testid="holder-confirm">
            {t('passHolders.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

type Asking = 'suspend' | 'reinstate' | 'reissue' | null;

function HolderActions({ parkId, detail }: { parkId: number; detail: OfficePassHolderDetail }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState('');
  const [suspension, suspending] = useChangeSuspensionMutation();
  const [reissue, reissuing] = useReissueCardMutation();
  const { holder } = detail;
  const suspended = holder.state === 'suspended';
  const canSuspend = holder.state === 'active' || holder.state === 'not_started';
  const run = async (reason: string) => {
    const holderId = holder.holderId;
    if (asking === 'reissue') {
      const { revoked } = await reissue({ parkId, holderId }).unwrap();
      setNotice(t('passHolders.reissued', { revoked }));
    } else {
      await suspension({ parkId, holderId, suspend: asking === 'suspend', reason }).unwrap();
      setNotice(asking === 'suspend' ? t('passHolders.suspendDone') : t('passHolders.reinstateDone'));
    }
    setAsking(null);
  };
  const failed = (asking === 'reissue' ? reissuing.error : suspending.error) as unknown;
  const name = holder.name;
  const texts = {
    suspend: [t('passHolders.suspendTitle', { name }), t('passHolders.suspendLead')],
    reinstate: [t('passHolders.reinstateTitle', { name }), t('passHolders.reinstateLead')],
    reissue: [t('passHolders.reissueTitle', { name }), t('passHolders.reissueLead')],
  } as const;
  return (
    <div className="stack">
      <div className="office-actions">
        {suspended && (
          <button
            type="button"
            className="button"
            onClick={() => setAsking('reinstate')}
            data-testid="holder-reinstate"
          >
            {t('passHolders.reinstate')}
          </button>
        )}
        {canSuspend && (
          <button
            type="button"
            className="button button--danger"
            onClick={() => setAsking('suspend')}
            data-testid="holder-suspend"
          >
            {t('passHolders.suspend')}
          </button>
        )}
        <button type="button" className="button" onClick={() => setAsking('reissue')} data-testid="holder-reissue">
          {t('passHolders.reissue')}
        </button>
      </div>
      {notice && (
        <p className="notice" role="status" data-testid="holder-notice">
          {notice}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? texts[asking][0] : ''}
        lead={asking ? texts[asking][1] : ''}
        withReason={asking === 'suspend' || asking === 'reinstate'}
        busy={suspending.isLoading || reissuing.isLoading}
        error={failed ? (errorMessage(failed) ?? t('passHolders.failed')) : null}
        onConfirm={(reason) => void run(reason).catch(() => {})}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}

/** /staff/office/:parkId/passes/holders/:holderId */
export function OfficePassHolderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useParams();
  const parkId = Number(params.parkId);
  const holderId = Number(params.holderId);
  const { data: overview } = useOfficeOverviewQuery();
  const held = overview?.parks.find((p) => p.parkId === parkId)?.roles ?? [];
  const canEdit = held.includes('owner') || held.includes('editor');
  const { data: detail, error } = usePassHolderQuery({ parkId, holderId }, { skip: !(parkId > 0 && holderId > 0) });
  const row = detail?.holder;
  return (
    <div className="stack office" data-testid="office-pass-holder">
      <Crumbs parkId={parkId} holders />
      <h1 className="page-title">{row ? row.name : t('passHolders.detail')}</h1>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('passHolders.failed')}
        </p>
      )}
      {detail && row && (
        <>
          <section className="panel stack" aria-labelledby="holder-pass">
            <h2 id="holder-pass" className="holder-heading">
              {t('passHolders.pass')} <StateBadge state={row.state} />
            </h2>
            {detail.suspendedReason && (
              <p className="notice" data-testid="holder-suspended-reason">
                {t('passHolders.suspendedBecause', { reason: detail.suspendedReason })}
              </p>
            )}
            <dl className="holder-facts">
              <dt>{t('passHolders.number')}</dt>
              <dd>{t('passHolders.holderNo', { number: row.passNumber, position: row.position })}</dd>
              <dt>{t('passHolders.product')}</dt>
              <dd>{row.productName}</dd>
              <dt>{t('passHolders.validity')}</dt>
              <dd>{validity(row, locale, t)}</dd>
              <dt>{t('passHolders.owner')}</dt>
              <dd>
                {row.ownerName}
                <br />
                {row.ownerEmail}
                {row.ownerPhone && (
                  <>
                    <br />
                    {row.ownerPhone}
                  </>
                )}
              </dd>
              <dt>{t('passHolders.photos')}</dt>
              <dd>{t(`passHolders.photoStates.${row.photoState}`)}</dd>
            </dl>
            {canEdit ? (
              <HolderActions parkId={parkId} detail={detail} />
            ) : (
              overview && <p className="muted">{t('passHolders.readOnly')}</p>
            )}
          </section>
          {(detail.passHolders?.length ?? 0) > 1 && (
            <section className="panel stack" aria-labelledby="holder-others">
              <h2 id="holder-others">{t('passHolders.otherHolders')}</h2>
              <ul className="holder-plain">
                {detail.passHolders?.map((h) => (
                  <li key={h.holderId}>
                    {h.holderId === holderId ? (
                      <span aria-current="page">
                        {h.position}. {h.name}
                      </span>
                    ) : (
                      <Link to={`/staff/office/${parkId}/passes/holders/${h.holderId}`}>
                        {h.position}. {h.name}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="panel stack" aria-labelledby="holder-photos">
            <h2 id="holder-photos">{t('passHolders.photos')}</h2>
            {detail.photos.length === 0 && <p className="muted">{t('passHolders.noPhotos')}</p>}
            <ul className="holder-photos">
              {detail.photos.map((p) => (
                <li key={p.id}>
                  <img
                    src={p.url}
                    alt={t('passHolders.photoAlt', { name: row.name, date: formatDateTime(p.createdAt, locale) })}
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                  <span className="muted">{t(`passHolders.photoStates.${p.state}`)}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="panel stack" aria-labelledby="holder-terms">
            <h2 id="holder-terms">{t('passHolders.terms')}</h2>
            <ul className="holder-plain">
              {detail.terms.map((term) => (
                <li key={term.ticketId}>
                  {term.validFrom
                    ? t('passHolders.termRow', {
                        number: term.ticketNumber,
                        from: formatDate(term.validFrom, locale),
                        until: formatDate(term.validUntil, locale),
                      })
                    : t('passHolders.termNotStarted', { number: term.ticketNumber })}
                </li>
              ))}
            </ul>
          </section>
          <section className="panel stack" aria-labelledby="holder-visits">
            <h2 id="holder-visits">{t('passHolders.visits')}</h2>
            {detail.visits.length === 0 && <p className="muted">{t('passHolders.noVisits')}</p>}
            <ul className="holder-plain" data-testid="holder-visits">
              {detail.visits.map((v) => (
                <li key={v.visitTicketId}>
                  {t('passHolders.visitRow', { date: formatDate(v.date, locale), park: v.parkName })}
                  <br />
                  <span className="muted">
                    {t('passHolders.visitGate', {
                      gate: v.gateName ?? '—',
                      time: v.firstEntryAt ? formatDateTime(v.firstEntryAt, locale) : '—',
                      entries: formatNumber(v.entries, locale),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="panel stack" aria-labelledby="holder-audit">
            <h2 id="holder-audit">{t('passHolders.audit')}</h2>
            {(detail.audit?.length ?? 0) === 0 && <p className="muted">{t('passHolders.noAudit')}</p>}
            <ul className="holder-plain" data-testid="holder-audit">
              {detail.audit?.map((a) => {
                const reason = (a.after as { reason?: string } | null)?.reason;
                return (
                  <li key={a.id}>
                    <strong>{t(`passHolders.actions.${a.action}`, { defaultValue: a.action })}</strong>{' '}
                    <span className="muted">
                      {formatDateTime(a.at, locale)}
                      {a.actor && ` · ${a.actor.name}`}
                    </span>
                    {reason && (
                      <>
                        <br />
                        {t('passHolders.reason')}: {reason}
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
