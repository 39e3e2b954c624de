// The wallet pages wait for the first read of the stored wallet (started by main.tsx, or here) before they render,
// so their first render already shows the tickets and QR codes.
import { primeWallet, snapshot } from '../../db/walletSnapshot';

export { snapshot };

export const primed: Promise<void> = primeWallet();
