export { type ApnsAdapter, type GoogleWalletAdapter, LocalApns, LocalGoogleWallet } from './adapters';
export { type WalletPassesApi, walletPassesPlugin } from './plugin';
