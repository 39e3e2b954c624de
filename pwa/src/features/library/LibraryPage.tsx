import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FavoriteTarget } from '../../../../common/dto/library';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { LibraryRow } from './components';
import {
  favoritePath,
  useListFavoritesQuery,
  useListLikesQuery,
  useRemoveFavoriteMutation,
  useRemoveLikeMutation,
} from './libraryApi';

const PER_PAGE = 10;

function useLink() {
  const [params] = useSearchParams();
  return (key: string, page: number) => {
    const q = new URLSearchParams(params);
    if (page > 1) q.set(key, String(page));
    else q.delete(key);
    const s = q.toString();
    return `/me/library${s ? `?${s}` : ''}`;
  };
}

function LikedStories() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = useLink();
  const page = Math.max(1, Number(params.get('likes_page')) || 1);
  const { data, isFetching, error } = useListLikesQuery({ page, per_page: PER_PAGE });
  const [removeLike] = useRemoveLikeMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const unlike = async (id: number) => {
    setBusy(id);
    setFailed(false);
    try {
      await removeLike(id).unwrap();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="panel" aria-labelledby="lib-likes" data-testid="liked-stories">
      <h2 id="lib-likes">
        {t('catalogue.library.likedStories')}{' '}
        {data && <span className="count-badge">{t('catalogue.library.countLabel', { count: data.meta.total })}</span>}
      </h2>
      {failed && (
        <p className="field-error" role="alert">
          {t('catalogue.common.actionFailed')}
        </p>
      )}
      <QueryState isLoading={isFetching && !data} error={error}>
        {() =>
          data &&
          (data.data.length === 0 ? (
            <p className="empty-state">
              {t('catalogue.library.noLikes')} <Link to="/find/stories">{t('catalogue.library.findStories')}</Link>
            </p>
          ) : (
            <>
              <ul className="library-list">
                {data.data.map((s) => (
                  <LibraryRow
                    key={s.id}
                    to={`/story/${s.id}`}
                    imageUrl={s.imageUrl}
                    title={s.title}
                    subtitle={`${s.park.name}・${s.parkUser.name}`}
                    actionText={t('catalogue.library.unlike')}
                    actionLabel={t('catalogue.library.unlikeLabel', { name: s.title })}
                    busy={busy === s.id}
                    onAction={() => unlike(s.id)}
                  />
                ))}
              </ul>
              <Pager page={data.meta.page} totalPages={data.meta.totalPages} link={(p) => link('likes_page', p)} />
            </>
          ))
        }
      </QueryState>
    </section>
  );
}

function Favorites() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = useLink();
  const page = Math.max(1, Number(params.get('fav_page')) || 1);
  const { data, isFetching, error } = useListFavoritesQuery({ page, per_page: PER_PAGE });
  const [removeFavorite] = useRemoveFavoriteMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const remove = async (targetType: FavoriteTarget, targetId: number) => {
    setBusy(`${targetType}:${targetId}`);
    setFailed(false);
    try {
      await removeFavorite({ targetType, targetId }).unwrap();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="panel" aria-labelledby="lib-favorites" data-testid="favorites">
      <h2 id="lib-favorites">
        {t('catalogue.library.favorites')}{' '}
        {data && (
          <span className="count-badge">{t('catalogue.library.countLabel', { count: data.meta.counts.total })}</span>
        )}
      </h2>
      {data && (
        <p className="muted" data-testid="favorite-counts">
          {t('catalogue.library.favoriteKinds.item')}: {data.meta.counts.item}
          {' ・ '}
          {t('catalogue.library.favoriteKinds.ticket_pack')}: {data.meta.counts.ticketPack}
        </p>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {t('catalogue.common.actionFailed')}
        </p>
      )}
      <QueryState isLoading={isFetching && !data} error={error}>
        {() =>
          data &&
          (data.data.length === 0 ? (
            <p className="empty-state">{t('catalogue.library.noFavorites')}</p>
          ) : (
            <>
              <ul className="library-list">
                {data.data.map((f) => (
                  <LibraryRow
                    key={`${f.targetType}:${f.targetId}`}
                    to={favoritePath(f)}
                    imageUrl={f.imageUrl}
                    title={f.name}
                    subtitle={`${t(`catalogue.library.kinds.${f.targetType}`)}・${f.park.name}`}
                    actionText={t('catalogue.library.removeFavorite')}
                    actionLabel={t('catalogue.library.removeFavoriteLabel', { name: f.name })}
                    busy={busy === `${f.targetType}:${f.targetId}`}
                    onAction={() => remove(f.targetType, f.targetId)}
                  />
                ))}
              </ul>
              <Pager page={data.meta.page} totalPages={data.meta.totalPages} link={(p) => link('fav_page', p)} />
            </>
          ))
        }
      </QueryState>
    </section>
  );
}

/** /me/library: liked stories and favourites (items, ticket packs) with counts and remove buttons. */
export default function LibraryPage() {
  const { t } = useTranslation();
  return (
    <div className="stack" data-testid="library-page">
      <h1 className="page-title">{t('catalogue.library.libraryTitle')}</h1>
      <p className="muted">{t('catalogue.library.libraryLead')}</p>
      <LikedStories />
      <Favorites />
    </div>
  );
}
