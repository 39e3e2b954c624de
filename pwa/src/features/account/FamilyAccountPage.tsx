import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ChildAccount, Profile } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { QueryState } from '../../lib/components/QueryState';
import { completeSignIn } from '../../lib/sessionService';
import { useLocale } from '../../lib/useLocale';
import { Avatar } from './Avatar';
import { useListChildrenQuery, useSwitchAccountMutation } from './accountApi';
import { LiveMessage, ProfileGate } from './components';

function formatBirthdate(value: string | null, language: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

function ChildRow({
  child,
  busy,
  onSwitch,
}: {
  child: ChildAccount;
  busy: boolean;
  onSwitch(child: ChildAccount): void;
}) {
  const { t, i18n } = useTranslation();
  const birthdate = formatBirthdate(child.birthdate, i18n.language);
  return (
    <li className="child-card" data-testid="child-account">
      <div className="child-card__who">
        <Avatar name={child.name} iconUrl={child.icon_url} size={48} />
        <div>
          <p className="child-card__name">{child.name}</p>
          {birthdate && (
            <p className="muted">
              {t('account.fields.birthdate')}: {birthdate}
            </p>
          )}
        </div>
      </div>
      <div className="child-card__actions">
        <Link
          className="button button--small"
          to={`/me/settings/family-account/edit/${child.id}`}
          aria-label={t('account.family.editNamed', { name: child.name })}
        >
          {t('account.family.edit')}
        </Link>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => onSwitch(child)}
          aria-label={t('account.family.switchNamed', { name: child.name })}
        >
          {t('account.family.switch')}
        </button>
      </div>
    </li>
  );
}

function FamilyContent({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  // While switching, stop reading the list: the new (kids) session may not read it.
  const { data, isLoading, error } = useListChildrenQuery(undefined, { skip: switching });
  const [switchAccount] = useSwitchAccountMutation();
  const [switchError, setSwitchError] = useState<string | null>(null);

  const switchTo = async (child: ChildAccount) => {
    setSwitching(true);
    setSwitchError(null);
    try {
      const token = await switchAccount({ id: child.id }).unwrap();
      await completeSignIn(token);
      navigate('/me', { replace: true });
    } catch (err) {
      setSwitching(false);
      setSwitchError(errorText(err, locale));
    }
  };

  return (
    <div className="account-page stack" data-testid="family-page">
      <h1 className="page-title">{t('account.family.title')}</h1>
      <p>{t('account.family.lead')}</p>
      {profile.has_password ? (
        <Link className="button button--primary button--block" to="/me/settings/family-account/create">
          {t('account.family.create')}
        </Link>
      ) : (
        <div className="notice" data-testid="kid-needs-password">
          <p>{message('kidNeedsPassword', locale)}</p>
          <Link to="/me/settings/password">{t('account.settings.links.setPassword')}</Link>
        </div>
      )}
      <LiveMessage text={switchError} />
      {switching ? (
        <div className="loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('account.family.switching')}
        </div>
      ) : (
        <QueryState isLoading={isLoading} error={error}>
          {() =>
            data && data.data.length > 0 ? (
              <ul className="child-list" aria-label={t('account.family.listLabel')}>
                {data.data.map((c) => (
                  <ChildRow key={c.id} child={c} busy={switching} onSwitch={(child) => void switchTo(child)} />
                ))}
              </ul>
            ) : (
              <p className="empty-state">{t('account.family.empty')}</p>
            )
          }
        </QueryState>
      )}
      <p className="account-links">
        <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
      </p>
    </div>
  );
}

/** /me/settings/family-account (parents): the kids accounts, creating, editing and switching to one. */
export default function FamilyAccountPage() {
  return <ProfileGate>{(profile) => <FamilyContent profile={profile} />}</ProfileGate>;
}
