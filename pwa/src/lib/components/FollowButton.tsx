import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import type { FollowTarget } from '../../../../common/dto/library';
import { followsApi } from '../follows';
import type { SessionState } from '../session';

/** Follow a park, park user or living thing; guests are sent to /user-registration. */
export function FollowButton({
  targetType,
  targetId,
  name,
}: {
  targetType: FollowTarget;
  targetId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSelector((s: { session: SessionState }) => s.session.user);
  const status = followsApi.useFollowStatusQuery({ targetType, targetId }, { skip: !user });
  const [setFollow, result] = followsApi.useSetFollowMutation();
  const [failed, setFailed] = useState(false);
  const following = status.data?.data.following ?? false;
  const onClick = async () => {
    if (!user) {
      navigate('/user-registration');
      return;
    }
    setFailed(false);
    try {
      await setFollow({ targetType, targetId, following: !following }).unwrap();
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="follow">
      <button
        type="button"
        className={
          following ? 'button button--small follow-button is-on' : 'button button--small button--primary follow-button'
        }
        aria-pressed={following}
        aria-label={t(following ? 'catalogue.common.unfollowLabel' : 'catalogue.common.followLabel', { name })}
        disabled={result.isLoading || status.isFetching}
        onClick={onClick}
        data-testid="follow-button"
      >
        {following ? t('catalogue.common.following') : t('catalogue.common.follow')}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t('catalogue.common.actionFailed')}
        </p>
      )}
    </div>
  );
}
