// "Add to Apple Wallet" (the signed .pkpass, downloaded with the session cookie) and "Save to Google Wallet" (a
// save link the server signs; asked for on click since it carries the current token). Shared by the ticket page
// and the member card page, so it lives in lib (features do not import each other).
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../../common/dto/api';
import { api } from '../api';

const walletPassesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A save link (it carries the current token, so it is asked for on click), by its API path. */
    googleWalletLink: build.query<Envelope<{ url: string }>, string>({
      query: (path) => path,
      keepUnusedDataFor: 0,
    }),
  }),
});

const { useLazyGoogleWalletLinkQuery } = walletPassesApi;

function WalletButtons({ base, testId }: { base: string; testId: string }) {
  const { t } = useTranslation();
  const [googleLink, google] = useLazyGoogleWalletLinkQuery();
  const saveToGoogle = async () => {
    const answer = await googleLink(`${base}/google-wallet`);
    if (answer.data) window.location.assign(answer.data.data.url);
  };
  return (
    <div className="wallet-links wallet-links--stack" data-testid={testId}>
      <a className="button button--small" href={`/api/v1${base}/pkpass`} download>
        {t('walletPasses.apple')}
      </a>
      <button type="button" className="button button--small" onClick={saveToGoogle} disabled={google.isFetching}>
        {t('walletPasses.google')}
      </button>
      {google.isError && (
        <p role="alert" className="error">
          {t('walletPasses.failed')}
        </p>
      )}
    </div>
  );
}

/** A member card in Apple Wallet (kept current by the PassKit web service) or Google Wallet. */
export function AddMemberCardToWallet({ passId, holderId }: { passId: number; holderId: number }) {
  return <WalletButtons base={`/me/passes/${passId}/holders/${holderId}`} testId="add-card-to-wallet" />;
}

export function AddToWalletButtons({ ticketId }: { ticketId: string }) {
  return <WalletButtons base={`/me/tickets/${encodeURIComponent(ticketId)}`} testId="add-to-wallet" />;
}
