// English strings of locales/walletPasses.ts.
import type { English } from '../english';
import type { walletPassesJa } from '../walletPasses';

export const walletPassesEn: English<typeof walletPassesJa> = {
  apple: 'Add to Apple Wallet',
  google: 'Save to Google Wallet',
  failed: 'Could not add it to the wallet. Please try again later.',
};
