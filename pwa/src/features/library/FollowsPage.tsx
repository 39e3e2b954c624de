import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FOLLOW_TARGETS, type FollowCounts, type FollowTarget } from '../../../../common/dto/library';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { LibraryRow } from './components';
import { followPath, useListFollowsQuery, useRemoveFollowMutation } from './libraryApi';

const PER_PAGE = 20;
const COUNT_KEY: Record<FollowTarget, keyof FollowCounts> = {
  park: 'park',
  park_user: 'parkUser',
  living_thing: 'livingThing',
};

/** /me/follows: what the user follows, by kind with counts; unfollow from here. */
export default function FollowsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const typeParam = params.get('type');
  const type = FOLLOW_TARGETS.find((k) => k === typeParam);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isFetching, error } = useListFollowsQuery({ target_type: type, page, per_page: PER_PAGE });
  const [removeFollow] = useRemoveFollowMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const link = (k: FollowTarget | undefined, p = 1) => {
    const q = new URLSearchParams();
    if (k) q.set('type', k);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `/me/follows${s ? `?${s}` : ''}`;
  };
  const unfollow = async (targetType: FollowTarget, targetId: number) => {
    const key = `${targetType}:${targetId}`;
    setBusy(key);
    setFailed(false);
    try {
      await removeFollow({ targetType, targetId }).unwrap();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="stack" data-testid="follows-page">
      <h1 className="page-title">{t('catalogue.library.followsTitle')}</h1>
      <p className="muted">{t('catalogue.library.followsLead')}</p>
      <nav className="tabs" aria-label={t('catalogue.library.tabsLabel')}>
        {[undefined, ...FOLLOW_TARGETS].map((k) => {
          const count = data ? (k ? data.meta.counts[COUNT_KEY[k]] : data.meta.counts.total) : null;
          const label = t(`catalogue.library.tabs.${k ?? 'all'}`);
          return (
            <Link
              key={k ?? 'all'}
              to={link(k)}
              className={type === k ? 'tab is-active' : 'tab'}
              aria-current={type === k ? 'page' : undefined}
            >
              {count === null ? label : t('catalogue.library.tabCount', { label, count })}
            </Link>
          );
        })}
      </nav>
      {failed && (
        <p className="field-error" role="alert">
          {t('catalogue.common.actionFailed')}
        </p>
      )}
      <QueryState isLoading={isFetching && !data} error={error}>
        {() =>
          data &&
          (data.data.length === 0 ? (
            <div className="panel stack">
              <p className="empty-state">{t('catalogue.library.noFollows')}</p>
              <ul className="link-list">
                <li>
                  <Link to="/find/parks">{t('catalogue.library.findParks')}</Link>
                </li>
                <li>
                  <Link to="/find/living-thing">{t('catalogue.library.findLivingThings')}</Link>
                </li>
                <li>
                  <Link to="/find/stories">{t('catalogue.library.findStories')}</Link>
                </li>
              </ul>
            </div>
          ) : (
            <>
              <ul className="library-list" data-testid="follow-list">
                {data.data.map((f) => (
                  <LibraryRow
                    key={`${f.targetType}:${f.targetId}`}
                    to={followPath(f)}
                    imageUrl={f.imageUrl}
                    title={f.name}
                    subtitle={`${t(`catalogue.library.kinds.${f.targetType}`)}・${f.subtitle}`}
                    actionText={t('catalogue.library.unfollow')}
                    actionLabel={t('catalogue.common.unfollowLabel', { name: f.name })}
                    busy={busy === `${f.targetType}:${f.targetId}`}
                    onAction={() => unfollow(f.targetType, f.targetId)}
                    round={f.targetType === 'park_user'}
                  />
                ))}
              </ul>
              <Pager page={data.meta.page} totalPages={data.meta.totalPages} link={(p) => link(type, p)} />
            </>
          ))
        }
      </QueryState>
    </div>
  );
}
