// The Japanese strings of the features' pages, in a chunk of their own: the home page needs only the app's
// (locales/ja.ts), and every other page waits for these before it renders (app/router.tsx, lib/i18n.ts).
import { accountJa } from './account';
import { backOfficeJa } from './backOffice';
import { catalogueJa } from './catalogue';
import { catalogueOfficeJa } from './catalogueOffice';
import { checkoutJa } from './checkout';
import { groupsJa } from './groups';
import { konbiniJa } from './konbini';
import { mapOfficeJa } from './mapOffice';
import { mapsJa } from './maps';
import { passesJa } from './passes';
import { passHoldersJa } from './passHolders';
import { passOfficeJa } from './passOffice';
import { passPhotoReviewJa } from './passPhotoReview';
import { passVisitorJa } from './passVisitor';
import { receiptsJa } from './receipts';
import { staffJa } from './staff';
import { ticketsJa } from './tickets';
import { waitingRoomJa } from './waitingRoom';
import { walletJa } from './wallet';
import { walletPassesJa } from './walletPasses';

export const featuresJa = {
  account: accountJa,
  catalogue: catalogueJa,
  tickets: ticketsJa,
  checkout: checkoutJa,
  wallet: walletJa,
  maps: mapsJa,
  staff: staffJa,
  backOffice: backOfficeJa,
  catalogueOffice: catalogueOfficeJa,
  mapOffice: mapOfficeJa,
  passes: passesJa,
  passOffice: passOfficeJa,
  passHolders: passHoldersJa,
  passPhotoReview: passPhotoReviewJa,
  passVisitor: passVisitorJa,
  receipts: receiptsJa,
  walletPasses: walletPassesJa,
  groups: groupsJa,
  konbini: konbiniJa,
  waitingRoom: waitingRoomJa,
};
