// The bot check of the sign-in and registration forms: Cloudflare Turnstile in production, a local challenge
// (a real checkbox that hands over the server's token) in development and tests.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBotCheckQuery } from './accountApi';

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      language?: string;
      callback(token: string): void;
      'expired-callback'?(): void;
      'error-callback'?(): void;
    },
  ): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let turnstileScript: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  turnstileScript ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SRC;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    script.onerror = () => {
      turnstileScript = null;
      script.remove();
      reject(new Error('turnstile failed to load'));
    };
    document.head.appendChild(script);
  });
  return turnstileScript;
}

function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken(token: string | null): void }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const tokenRef = useRef(onToken);
  tokenRef.current = onToken;
  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !box.current) return;
        widgetId = turnstile.render(box.current, {
          sitekey: siteKey,
          language: i18n.language,
          callback: (token) => tokenRef.current(token),
          'expired-callback': () => tokenRef.current(null),
          'error-callback': () => tokenRef.current(null),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
      tokenRef.current(null);
    };
  }, [siteKey, i18n.language]);
  return (
    <div className="bot-check">
      <div ref={box} className="bot-check__turnstile" />
      {failed && <p className="field-error">{t('account.bot.loadFailed')}</p>}
    </div>
  );
}

/**
 * Calls `onToken` with the token to send as `bot_token` once the visitor passed, and with null when it is
 * withdrawn. Re-mount it (a new `key`) to get a fresh challenge after the server refused one.
 */
export function BotCheck({ onToken }: { onToken(token: string | null): void }) {
  const { t } = useTranslation();
  const id = useId();
  const { data, isLoading, isFetching, error, refetch } = useBotCheckQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [checked, setChecked] = useState(false);
  const settings = data?.data;

  if (isLoading || (isFetching && !settings)) {
    return (
      <p className="bot-check bot-check--loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('account.bot.loading')}
      </p>
    );
  }
  if (error || !settings) {
    return (
      <div className="bot-check">
        <p className="field-error">{t('account.bot.loadFailed')}</p>
        <button type="button" className="button button--small" onClick={() => void refetch()}>
          {t('account.common.retry')}
        </button>
      </div>
    );
  }
  if (settings.kind === 'turnstile' && settings.site_key) {
    return <TurnstileWidget siteKey={settings.site_key} onToken={onToken} />;
  }
  return (
    <div className="bot-check">
      <label className="check bot-check__local" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="not_a_robot"
          checked={checked}
          disabled={isFetching}
          onChange={(e) => {
            setChecked(e.target.checked);
            onToken(e.target.checked ? settings.token : null);
          }}
        />
        <span>{t('account.bot.notRobot')}</span>
      </label>
    </div>
  );
}
