// Google, LINE and Mirairo ID: ask the server where to go, then leave for the provider.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { useLazySocialUrlQuery } from './accountApi';
import { LiveMessage } from './components';
import { SOCIAL_PROVIDERS, type SocialIntent, type SocialProvider } from './helpers';

/** Sends the browser to a provider; the server's /{provider}/callback brings it back with a social user id. */
export function useSocialRedirect() {
  const locale = useLocale();
  const [fetchUrl] = useLazySocialUrlQuery();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (provider: SocialProvider, intent: SocialIntent) => {
    setPending(provider);
    setError(null);
    try {
      const { data } = await fetchUrl({ provider, intent }).unwrap();
      window.location.assign(data.url);
    } catch (err) {
      setError(errorText(err, locale));
      setPending(null);
    }
  };
  return { start, pending, error };
}

export function SocialButtons({
  intent,
  providers = SOCIAL_PROVIDERS,
  beforeRedirect,
}: {
  intent: Exclude<SocialIntent, 'link'>;
  providers?: readonly SocialProvider[];
  /** Runs just before leaving (e.g. remember where to come back to). */
  beforeRedirect?: () => void;
}) {
  const { t } = useTranslation();
  const { start, pending, error } = useSocialRedirect();
  return (
    <div className="social-buttons">
      <ul>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={`button button--block social-button social-button--${provider}`}
              disabled={pending !== null}
              aria-busy={pending === provider || undefined}
              data-testid={`social-${provider}`}
              onClick={() => {
                beforeRedirect?.();
                void start(provider, intent);
              }}
            >
              <span className="social-button__mark" aria-hidden="true">
                {t(`account.social.mark.${provider}`)}
              </span>
              {t(`account.social.${intent}`, { provider: t(`account.social.provider.${provider}`) })}
            </button>
          </li>
        ))}
      </ul>
      <LiveMessage text={error} />
    </div>
  );
}
