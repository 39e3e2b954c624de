import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enablePush, type PushState, pushState } from '../push';
import { showToast } from '../toast';
import { useLocale } from '../useLocale';

/**
 * "通知を受け取る" where a notification would help (My Tickets, a share, a lottery entry): permission is asked only
 * after this tap, never on load. Denied, unsupported and iPhone-without-install say what to do; on, it hides.
 */
export function PushOffer({ reason }: { reason: 'tickets' | 'share' | 'lottery' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  if (state === null || state === 'on') return null;
  const turnOn = async () => {
    setBusy(true);
    const next = await enablePush(locale).catch(() => 'off' as const);
    setBusy(false);
    setState(next);
    if (next === 'on') showToast({ text: t('push.turnedOn'), kind: 'success' });
  };
  return (
    <div className="push-offer panel" data-testid="push-offer" data-state={state}>
      <p className="push-offer__lead">{t(`push.lead.${reason}`)}</p>
      {state === 'off' ? (
        <button
          type="button"
          className="button"
          onClick={() => void turnOn()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {t('push.enable')}
        </button>
      ) : (
        <p className="muted">{t(`push.${state}`)}</p>
      )}
    </div>
  );
}
