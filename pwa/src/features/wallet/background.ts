// Wallet upkeep outside its pages: at app start and whenever the network comes back, send the outbox and refresh
// the stored tickets; when the service worker has sent the outbox by Background Sync, refresh too. Signed out at
// start: the stored tickets are cleared (acts not yet sent are kept for their account).
import { store } from '../../app/store';
import { clearFirstPaints } from '../../db/firstPaint';
import { setDeviceAccount, walletDb } from '../../db/wallet';
import { tokenExpiry } from '../../lib/session';
import { syncWallet } from './walletSync';

const owner = () => store.getState().session.user?.id ?? null;

export function startWalletBackground(): void {
  // Signed out: what the last account stored (tickets, a gate's data) does not stay on the device; its acts not
  // yet sent do, for its next sign-in.
  if (tokenExpiry() === null) {
    clearFirstPaints();
    void setDeviceAccount(walletDb(), null).catch(() => undefined);
  }
  void syncWallet(owner());
  window.addEventListener('online', () => void syncWallet(owner()));
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'wallet-synced') void syncWallet(owner());
  });
}
