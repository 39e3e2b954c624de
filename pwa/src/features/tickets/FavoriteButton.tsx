import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { api } from '../../lib/api';
import { Icon } from '../../lib/components/Icon';

type Target = 'item' | 'ticket_pack';

const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favoriteStatus: build.query<{ data: { favorite: boolean } }, { type: Target; id: number }>({
      query: ({ type, id }) => ({ url: '/me/favorites/status', params: { target_type: type, target_id: id } }),
      providesTags: (_r, _e, { type, id }) => [{ type: type === 'item' ? 'Item' : 'TicketPack', id: `fav-${id}` }],
    }),
    setFavorite: build.mutation<unknown, { type: Target; id: number; favorite: boolean }>({
      query: ({ type, id, favorite }) =>
        favorite
          ? { url: '/me/favorites', method: 'POST', body: { target_type: type, target_id: id } }
          : { url: `/me/favorites/${type}/${id}`, method: 'DELETE' },
      invalidatesTags: (_r, _e, { type, id }) => [{ type: type === 'item' ? 'Item' : 'TicketPack', id: `fav-${id}` }],
    }),
  }),
});

/** Keep an item or pack in the library; guests are sent to sign in and come back. */
export function FavoriteButton({ type, id }: { type: Target; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const status = favoritesApi.useFavoriteStatusQuery({ type, id }, { skip: !user });
  const [setFavorite, { isLoading }] = favoritesApi.useSetFavoriteMutation();
  const favorite = status.data?.data.favorite ?? false;
  return (
    <button
      type="button"
      className={favorite ? 'button button--small favorite favorite--on' : 'button button--small favorite'}
      aria-pressed={favorite}
      disabled={isLoading || status.isFetching}
      data-testid="favorite-button"
      onClick={() => {
        if (!user) {
          navigate(`/signin?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
          return;
        }
        void setFavorite({ type, id, favorite: !favorite });
      }}
    >
      <Icon name={favorite ? 'star' : 'starOutline'} size={18} />{' '}
      {favorite ? t('tickets.favorite.on') : t('tickets.favorite.off')}
    </button>
  );
}
