// The Japanese strings My Tickets uses (issue 26): the wallet's, the member cards' (passes.card) and konbini's
// payments awaited and refunds owed; not the other wallet pages' (locales/walletPages.ts: passes, konbini, a pass's
// visitors, the wallet buttons', the steppers'), loaded when one of them opens. locales/firstLoad.test.ts checks
// My Tickets needs no other.
import { konbiniWalletJa } from './konbiniWallet';
import { passCardJa } from './passCard';
import { walletJa } from './wallet';

export const myTicketsJa = {
  wallet: walletJa,
  passes: { card: passCardJa },
  konbini: konbiniWalletJa,
};
