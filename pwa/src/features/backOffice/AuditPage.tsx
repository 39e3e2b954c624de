// /staff/office/:parkId/audit?actor=&entity=&date=: the park's audit trail for its owners (every change staff made:
// who, when, what, before and after), filtered by member, kind of thing and Asia/Tokyo day, newest first, a page
// at a time ("show more" asks for the page before the last one shown).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { STAFF_AUDIT_ENTITIES, type StaffAuditEntity, type StaffAuditEntry } from '../../../../common/dto/staff';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useAuditQuery, useMembersQuery } from './backOfficeApi';
import { Problem } from './OfficePages';
import './backOffice.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A before/after value in one short line (the raw JSON is in the details). */
const brief = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

function AuditRow({ entry }: { entry: StaffAuditEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reason = (entry.after as { reason?: string } | null)?.reason;
  const entity = STAFF_AUDIT_ENTITIES.includes(entry.entity as StaffAuditEntity)
    ? t(`backOffice.audit.entities.${entry.entity}`)
    : entry.entity;
  return (
    <li className="panel office-audit" data-testid="audit-row">
      <p>
        <strong>{entity}</strong> #{entry.entityId} ·{' '}
        <span className="badge" data-testid="audit-action">
          {t(`backOffice.audit.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action })}
        </span>
      </p>
      <p className="muted">
        {formatDateTime(entry.at, locale)} · {entry.actor?.name ?? t('backOffice.audit.system')}
      </p>
      {reason && <p>{t('backOffice.audit.reason', { reason })}</p>}
      <details>
        <summary>
          {t('backOffice.audit.before')} / {t('backOffice.audit.after')}
        </summary>
        <dl className="office-facts office-break">
          <dt>{t('backOffice.audit.before')}</dt>
          <dd>
            <code>{brief(entry.before)}</code>
          </dd>
          <dt>{t('backOffice.audit.after')}</dt>
          <dd>
            <code>{brief(entry.after)}</code>
          </dd>
        </dl>
      </details>
    </li>
  );
}

/** One page of the trail; the last page shown offers the next. */
function AuditPageOf({
  parkId,
  filters,
  before,
  onMore,
  last,
}: {
  parkId: number;
  filters: { actor?: number; entity?: StaffAuditEntity; date?: string };
  before?: string;
  onMore: (next: string) => void;
  last: boolean;
}) {
  const { t } = useTranslation();
  const { data, error } = useAuditQuery({ parkId, ...filters, before });
  // Everything here is an item of the page's list (axe: a list holds list items only).
  if (error) {
    return (
      <li>
        <Problem error={error} />
      </li>
    );
  }
  if (!data) return null;
  return (
    <>
      {!before && data.entries.length === 0 && (
        <li className="muted" data-testid="audit-empty">
          {t('backOffice.audit.empty')}
        </li>
      )}
      {data.entries.map((e) => (
        <AuditRow key={e.id} entry={e} />
      ))}
      {last && data.next && (
        <li>
          <button type="button" className="button" onClick={() => onMore(data.next as string)} data-testid="audit-more">
            {t('backOffice.audit.more')}
          </button>
        </li>
      )}
    </>
  );
}

export function OfficeAuditPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const [params, setParams] = useSearchParams();
  const actor = Number(params.get('actor')) || undefined;
  const entityParam = params.get('entity') ?? '';
  const entity = STAFF_AUDIT_ENTITIES.includes(entityParam as StaffAuditEntity)
    ? (entityParam as StaffAuditEntity)
    : undefined;
  const date = DATE.test(params.get('date') ?? '') ? (params.get('date') as string) : undefined;
  const filters = { actor, entity, date };
  const key = JSON.stringify(filters);
  // The pages shown for these filters: a new filter starts again from the newest.
  const [pages, setPages] = useState<{ key: string; befores: (string | undefined)[] }>({ key, befores: [undefined] });
  const befores = pages.key === key ? pages.befores : [undefined];
  const { data: members } = useMembersQuery(parkId, { skip: !(parkId > 0) });
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <div className="stack office" data-testid="office-audit">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('backOffice.audit.title')}</h1>
      <div className="panel office-audit-filters">
        <div className="field">
          <label htmlFor="audit-actor">{t('backOffice.audit.actor')}</label>
          <select
            id="audit-actor"
            className="input"
            value={actor ?? ''}
            onChange={(e) => set('actor', e.target.value)}
            data-testid="audit-actor"
          >
            <option value="">{t('backOffice.audit.allActors')}</option>
            {(members?.members ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
                {m.email ? ` (${m.email})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-entity">{t('backOffice.audit.entity')}</label>
          <select
            id="audit-entity"
            className="input"
            value={entity ?? ''}
            onChange={(e) => set('entity', e.target.value)}
            data-testid="audit-entity"
          >
            <option value="">{t('backOffice.audit.allEntities')}</option>
            {STAFF_AUDIT_ENTITIES.map((k) => (
              <option key={k} value={k}>
                {t(`backOffice.audit.entities.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-date">{t('backOffice.audit.date')}</label>
          <input
            id="audit-date"
            type="date"
            className="input"
            value={date ?? ''}
            onChange={(e) => set('date', DATE.test(e.target.value) ? e.target.value : '')}
            data-testid="audit-date"
          />
        </div>
      </div>
      <ul className="office-list">
        {befores.map((before, i) => (
          <AuditPageOf
            key={before ?? 'first'}
            parkId={parkId}
            filters={filters}
            before={before}
            last={i === befores.length - 1}
            onMore={(next) => setPages({ key, befores: [...befores, next] })}
          />
        ))}
      </ul>
    </div>
  );
}
