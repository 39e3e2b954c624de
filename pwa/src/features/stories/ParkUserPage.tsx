import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ParkUserDetail } from '../../../../common/dto/story';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { FollowButton } from '../../lib/components/FollowButton';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { StoryGrid } from './components';
import { useGetParkUserQuery, useListStoriesQuery } from './storiesApi';

const PER_PAGE = 12;

function ParkUserProfile({ user }: { user: ParkUserDetail }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const stories = useListStoriesQuery({ park_user_id: user.id, page, per_page: PER_PAGE });
  return (
    <article className="stack stack--lg" data-testid="park-user-profile">
      <header className="panel park-user">
        <img className="park-user__icon" src={user.iconUrl} alt="" width="96" height="96" />
        <div className="park-user__text">
          <h1 className="page-title">{user.name}</h1>
          <p className="muted">{user.role}</p>
          <p>
            <span className="muted">{t('catalogue.parkUser.park')}: </span>
            <Link to={`/profile/park/${user.park.id}`}>{user.park.name}</Link>
          </p>
          <div className="lt-hero__actions">
            <FollowButton targetType="park_user" targetId={user.id} name={user.name} />
            <span className="muted">{t('catalogue.common.followers', { count: user.followerCount })}</span>
            <span className="muted">{t('catalogue.parkUser.storyCount', { count: user.storyCount })}</span>
          </div>
        </div>
        <p className="park-user__bio">{user.bio}</p>
      </header>
      <section aria-labelledby="pu-stories">
        <h2 id="pu-stories" className="section-title">
          {t('catalogue.parkUser.storiesTitle')}
        </h2>
        <QueryState isLoading={stories.isFetching && !stories.data} error={stories.error}>
          {() =>
            stories.data && (
              <>
                <StoryGrid stories={stories.data.data} />
                <Pager
                  page={stories.data.meta.page}
                  totalPages={stories.data.meta.totalPages}
                  link={(p) => `/profile/park-user/${user.id}${p > 1 ? `?page=${p}` : ''}`}
                />
              </>
            )
          }
        </QueryState>
      </section>
    </article>
  );
}

/** /profile/park-user/:id: the staff member who posts stories. */
export default function ParkUserPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id < 2_147_483_647;
  const { data, isLoading, error } = useGetParkUserQuery(id, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <ParkUserProfile user={data.data} />}
    </QueryState>
  );
}
