import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../lib/components/Icon';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import {
  type GroupRequest,
  useMyGroupRequestQuery,
  useMyGroupRequestsQuery,
  useMyGroupTicketsQuery,
} from './groupsApi';

/** /groups/requests: the visitor's group requests, newest first. */
export function MyGroupRequestsPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useMyGroupRequestsQuery();
  return (
    <div className="wallet" data-testid="my-group-requests">
      <h1 className="wallet-head__title">{t('groups.myTitle')}</h1>
      <QueryState isLoading={isLoading} error={error}>
        {() => {
          const list = data?.data ?? [];
          if (list.length === 0) return <p>{t('groups.none')}</p>;
          return (
            <ul className="office-list">
              {list.map((r) => (
                <li key={r.id} className="panel">
                  <Link to={`/groups/requests/${r.id}`} className="button" data-testid="group-request-link">
                    {r.organisation} · {r.date} · {t(`groups.states.${r.state}`)}
                  </Link>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </div>
  );
}

export function GroupFacts({ r }: { r: GroupRequest }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className="group-facts">
      <dt>{t('groups.organisation')}</dt>
      <dd>{r.organisation}</dd>
      <dt>{t('groups.date')}</dt>
      <dd>
        {r.itemName} · {formatDate(r.date, locale)}
      </dd>
      <dt>{t('groups.ageMix')}</dt>
      <dd>
        {t('groups.people', { count: r.partySize })} (
        {Object.entries(r.ageMix)
          .filter(([, n]) => n > 0)
          .map(([b, n]) => `${t(`groups.bands.${b}`)} ${n}`)
          .join(', ')}
        )
      </dd>
      <dt>{t('groups.leaderName')}</dt>
      <dd>
        {r.leaderName} ({t('groups.leaders')}: {r.leaders})
      </dd>
      <dt>{t('groups.purpose')}</dt>
      <dd>{r.purpose}</dd>
      {r.exemptionKind && (
        <>
          <dt>{t('groups.exemption')}</dt>
          <dd>{r.exemptionKind}</dd>
        </>
      )}
      {r.price !== null && (
        <>
          <dt>{t('groups.price')}</dt>
          <dd data-testid="group-price">{formatYen(r.price, locale)}</dd>
        </>
      )}
      {r.exemptions.length > 0 && (
        <>
          <dt>{t('groups.exemptionsApplied')}</dt>
          <dd>{r.exemptions.join(', ')}</dd>
        </>
      )}
      {r.dueAt && r.state === 'approved' && (
        <>
          <dt>{t('groups.dueAt')}</dt>
          <dd>{new Date(r.dueAt).toLocaleString(locale === 'en' ? 'en-GB' : 'ja-JP', { timeZone: 'Asia/Tokyo' })}</dd>
        </>
      )}
      {r.declineReason && (
        <>
          <dt>{t('groups.declineReason')}</dt>
          <dd>{r.declineReason}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * A paid group's pass: a QR the gate's staff scan with their phone (it opens the group's page in the back office,
 * where they admit with a count), and the list of the group's tickets with who has entered, to print or show.
 */
function GroupPass({ r }: { r: GroupRequest }) {
  const { t } = useTranslation();
  const tickets = useMyGroupTicketsQuery(r.id).data?.data ?? [];
  const [src, setSrc] = useState('');
  const url = `${window.location.origin}/staff/office/${r.parkId}/groups/${r.id}`;
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then((d) => {
      if (live) setSrc(d);
    });
    return () => {
      live = false;
    };
  }, [url]);
  const entered = tickets.filter((x) => x.entered).length;
  return (
    <section className="panel" data-testid="group-pass">
      <h2>{t('groups.groupPass')}</h2>
      <p>{t('groups.groupPassNote')}</p>
      {src && (
        <img src={src} width={240} height={240} alt={t('groups.groupQr')} data-url={url} data-testid="group-qr" />
      )}
      <p data-testid="group-entered">{t('groups.entered', { count: entered, size: tickets.length })}</p>
      <ol className="group-tickets">
        {tickets.map((x) => (
          <li key={x.ticketNumber}>
            {x.ticketNumber}{' '}
            {x.entered ? (
              <>
                <Icon name="check" size={16} /> {t('groups.enteredMark')}
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /groups/requests/:id: one request: its state, the invoice to pay, the tickets once paid; printable. */
export function MyGroupRequestPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = Number(useParams().id);
  const { data, isLoading, error } = useMyGroupRequestQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <div className="wallet group-page" data-testid="my-group-request">
      <p className="wallet-back">
        <Link to="/groups/requests">{t('groups.back')}</Link>
      </p>
      <h1 className="wallet-head__title">{t('groups.myTitle')}</h1>
      <QueryState isLoading={isLoading} error={error}>
        {() => {
          const r = data?.data;
          if (!r) return null;
          return (
            <>
              <p data-testid="group-state">{t(`groups.states.${r.state}`)}</p>
              <GroupFacts r={r} />
              {(r.state === 'approved' || (r.state === 'paid' && r.paymentMethod !== 'card')) && (
                <p>
                  <a className="button" href={`/api/v1/me/group-requests/${r.id}/invoice.pdf?lang=${locale}`}>
                    {t('groups.invoice')}
                  </a>
                </p>
              )}
              {r.state === 'approved' && (
                <>
                  <p>{t('groups.payByTransfer')}</p>
                  <p>{t('groups.payByCardOr')}</p>
                  <p>
                    <Link
                      className="button button--primary"
                      to={`/groups/requests/${r.id}/pay`}
                      data-testid="group-pay-card"
                    >
                      {t('groups.payByCard')}
                    </Link>
                  </p>
                </>
              )}
              {r.state === 'paid' && <GroupPass r={r} />}
              {r.state === 'paid' && (
                <p>
                  <Link className="button button--primary" to="/my-tickets" data-testid="group-tickets-link">
                    {t('groups.tickets')}
                  </Link>
                </p>
              )}
              <p>
                <button type="button" className="button" onClick={() => window.print()}>
                  {t('groups.print')}
                </button>
              </p>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
