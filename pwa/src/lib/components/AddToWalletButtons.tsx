// "Add to Apple Wallet" (the signed .pkpass, downloaded with the session cookie) and "Save to Google Wallet" (a
// save link the server signs; asked for on click since it carries the current token). Shared by the ticket page
// and the member card page, so it lives in lib (features do not import each other).
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../../common/dto/api';
import { api } from '../api';

const walletPassesApi = api.injectEndpoints({
  endpoints: (build) => ({
    googleWalletLink: build.query<Envelope<{ url: string }>, string>({
      query: (ticketId) => `/me/tickets/${encodeURIComponent(ticketId)}/google-wallet`,
      keepUnusedDataFor: 0,
    }),
  }),
});

const { useLazyGoogleWalletLinkQuery } = walletPassesApi;

/** A member card in Apple Wallet (its holder's name, photo and QR; kept current by the PassKit web service). */
export function AddMemberCardToWallet({ passId, holderId }: { passId: number; holderId: number }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-links wallet-links--stack" data-testid="add-card-to-wallet">
      <a className="button button--small" href={`/api/v1/me/passes/${passId}/holders/${holderId}/pkpass`} download>
        {t('walletPasses.apple')}
      </a>
    </div>
  );
}

export function AddToWalletButtons({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const [googleLink, google] = useLazyGoogleWalletLinkQuery();
  const saveToGoogle = async () => {
    const answer = await googleLink(ticketId);
    if (answer.data) window.location.assign(answer.data.data.url);
  };
  return (
    <div className="wallet-links wallet-links--stack" data-testid="add-to-wallet">
      <a className="button button--small" href={`/api/v1/me/tickets/${encodeURIComponent(ticketId)}/pkpass`} download>
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
