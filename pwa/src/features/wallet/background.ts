// Wallet upkeep outside its pages: at app start and whenever the network comes back, send the outbox and refresh
// the stored tickets; when the service worker has sent the outbox by Background Sync, refresh too.
import { store } from '../../app/store';
import { syncWallet } from './walletSync';

const owner = () => store.getState().session.user?.id ?? null;

export function startWalletBackground(): void {
  void syncWallet(owner());
  window.addEventListener('online', () => void syncWallet(owner()));
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'wallet-synced') void syncWallet(owner());
  });
}
