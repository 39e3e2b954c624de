import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { errorText } from '../../lib/apiErrors';
import { Icon, type IconName } from '../../lib/components/Icon';
import { completeSignIn, signOut } from '../../lib/sessionService';
import { useLocale } from '../../lib/useLocale';
import { Avatar } from './Avatar';
import { useSwitchAccountMutation } from './accountApi';
import { LiveMessage, ProfileGate, TextField } from './components';

interface MenuLink {
  to: string;
  key: string;
  icon: IconName;
  parentOnly?: boolean;
  /** Only for park staff (the gate scanner and the review of flagged scans). */
  staffOnly?: boolean;
}

const MENU: readonly MenuLink[] = [
  { to: '/my-tickets', key: 'myTickets', icon: 'ticket' },
  { to: '/me/follows', key: 'follows', icon: 'star' },
  { to: '/me/library', key: 'library', icon: 'book' },
  { to: '/me/my-coupon', key: 'coupons', icon: 'tag', parentOnly: true },
  { to: '/me/wallet/histories', key: 'coins', icon: 'coin' },
  { to: '/me/notification', key: 'notifications', icon: 'bell' },
  { to: '/me/settings', key: 'settings', icon: 'gear' },
  { to: '/staff', key: 'staff', icon: 'ticket', staffOnly: true },
];

function MeContent({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [switchAccount] = useSwitchAccountMutation();
  const [busy, setBusy] = useState<'switch' | 'signout' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [parentPassword, setParentPassword] = useState('');
  const isChild = profile.child_flag === 1;

  const switchBack = async (parentId: number) => {
    setBusy('switch');
    setError(null);
    try {
      const token = await switchAccount({ id: parentId, password: parentPassword }).unwrap();
      await completeSignIn(token);
      setBusy(null);
      navigate('/me', { replace: true });
    } catch (err) {
      setBusy(null);
      setError(errorText(err, locale));
    }
  };

  const leave = async () => {
    setBusy('signout');
    await signOut();
    navigate('/', { replace: true });
  };

  return (
    <div className="account-page stack" data-testid="me-page">
      <h1 className="page-title">{t('account.me.title')}</h1>
      <section className="panel profile-card" aria-label={t('account.me.profile')}>
        <Avatar name={profile.name} iconUrl={profile.icon_url} size={72} />
        <div className="profile-card__text">
          <p className="profile-card__name" data-testid="me-name">
            {profile.name}
          </p>
          {profile.email && <p className="muted profile-card__email">{profile.email}</p>}
          {isChild && <span className="badge">{t('account.me.kidsBadge')}</span>}
          {profile.mirairo_flag === 1 && <span className="badge">{t('account.me.mirairoBadge')}</span>}
        </div>
      </section>

      {profile.acting_parent_id !== null && (
        <section className="panel notice-panel" aria-labelledby="acting-title">
          <h2 id="acting-title">{t('account.me.actingTitle')}</h2>
          <p>{t('account.me.actingLead', { name: profile.name })}</p>
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              void switchBack(profile.acting_parent_id as number);
            }}
          >
            <TextField
              label={t('account.me.parentPassword')}
              type="password"
              autoComplete="current-password"
              required
              value={parentPassword}
              onChange={(e) => setParentPassword(e.target.value)}
              hint={t('account.me.parentPasswordHint')}
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={busy !== null || parentPassword === ''}
              aria-busy={busy === 'switch' || undefined}
            >
              {t('account.me.switchBack')}
            </button>
          </form>
        </section>
      )}
      <LiveMessage text={error} />

      <nav aria-label={t('account.me.menu')}>
        <ul className="menu-list">
          {MENU.filter((m) => !(m.parentOnly && isChild) && !(m.staffOnly && !(profile.staff_roles ?? []).length)).map(
            (m) => (
              <li key={m.to}>
                <Link to={m.to} className="menu-list__link">
                  <Icon name={m.icon} className="menu-list__icon" />
                  <span>{t(`account.me.links.${m.key}`)}</span>
                </Link>
              </li>
            ),
          )}
        </ul>
      </nav>

      <button
        type="button"
        className="button button--block"
        onClick={() => void leave()}
        disabled={busy !== null}
        aria-busy={busy === 'signout' || undefined}
        data-testid="signout"
      >
        {t('account.me.signOut')}
      </button>
    </div>
  );
}

/** /me: the profile card, the menu of the account, switching back from a kids account, and signing out. */
export default function MePage() {
  return <ProfileGate>{(profile) => <MeContent profile={profile} />}</ProfileGate>;
}
