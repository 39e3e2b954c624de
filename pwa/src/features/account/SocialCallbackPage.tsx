import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { completeSignIn } from '../../lib/sessionService';
import { useLocale } from '../../lib/useLocale';
import { needsSecondFactor, useLoginSocialMutation, useSocialUserQuery } from './accountApi';
import {
  clearSocialHandoff,
  isSocialProvider,
  type SocialProvider,
  signInTarget,
  storeSocialHandoff,
  UUID,
} from './helpers';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * /:provider/callback (empty layout, guests): the server sends the browser here with a short-lived social user
 * id. A linked identity signs in; a new one continues to /register/:provider; a Mirairo ID link continues on the
 * settings page.
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { provider: providerParam = '' } = useParams();
  const [query] = useSearchParams();
  const id = query.get('social_user_id') ?? '';
  const intent = query.get('intent') ?? 'login';
  const provider: SocialProvider | null = isSocialProvider(providerParam) ? providerParam : null;
  const linking = intent === 'link' && provider === 'mirairo';
  const valid = provider !== null && UUID.test(id) && (intent !== 'link' || linking);

  const [signingIn, setSigningIn] = useState(false);
  const identity = useSocialUserQuery({ provider: provider ?? 'google', id }, { skip: !valid || linking || signingIn });
  const [loginSocial] = useLoginSocialMutation();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    if (!valid || !provider || started.current) return;
    if (linking) {
      started.current = true;
      navigate(`/me/settings?mirairo_link=${encodeURIComponent(id)}`, { replace: true });
      return;
    }
    const found = identity.data?.data;
    if (!found) return;
    started.current = true;
    storeSocialHandoff({ provider, id });
    if (!found.registered) {
      navigate(`/register/${provider}`, { replace: true });
      return;
    }
    setSigningIn(true);
    void (async () => {
      try {
        const answer = await loginSocial({ provider, id }).unwrap();
        clearSocialHandoff();
        if (needsSecondFactor(answer)) {
          setChallenge(answer.challenge);
          return;
        }
        await completeSignIn(answer);
        navigate(signInTarget(null), { replace: true });
      } catch (err) {
        setFailure(errorText(err, locale));
      }
    })();
  }, [valid, provider, linking, id, identity.data, loginSocial, navigate, locale]);

  const problem = !valid
    ? message('socialExpired', locale)
    : identity.error && !signingIn
      ? errorText(identity.error, locale)
      : failure;

  return (
    <div className="account-standalone">
      <section className="auth-card account-page stack" aria-labelledby="callback-title">
        <h1 id="callback-title" className="page-title">
          {provider ? t(`account.social.provider.${provider}`) : t('account.callback.title')}
        </h1>
        <div aria-live="polite">
          {challenge && !problem ? (
            <TwoFactorStep
              challenge={challenge}
              onSignedIn={async (token) => {
                await completeSignIn(token);
                navigate(signInTarget(null), { replace: true });
              }}
            />
          ) : problem ? (
            <div className="stack" data-testid="social-callback-error">
              <p className="account-alert account-alert--error">{problem}</p>
              <Link className="button button--primary button--block" to="/signin">
                {t('account.callback.backToSignin')}
              </Link>
            </div>
          ) : (
            <div className="loading" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('account.callback.working')}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
