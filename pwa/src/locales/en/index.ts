// The whole English translation, loaded on demand (lib/i18n.ts): Japanese is the default and ships with the app.
import { accountEn } from './account';
import en from './app';
import { backOfficeEn } from './backOffice';
import { catalogueEn } from './catalogue';
import { catalogueOfficeEn } from './catalogueOffice';
import { checkoutEn } from './checkout';
import { groupsEn } from './groups';
import { konbiniEn } from './konbini';
import { mapOfficeEn } from './mapOffice';
import { mapsEn } from './maps';
import { passesEn } from './passes';
import { passHoldersEn } from './passHolders';
import { passOfficeEn } from './passOffice';
import { passPhotoReviewEn } from './passPhotoReview';
import { passVisitorEn } from './passVisitor';
import { receiptsEn } from './receipts';
import { staffEn } from './staff';
import { ticketsEn } from './tickets';
import { waitingRoomEn } from './waitingRoom';
import { walletEn } from './wallet';
import { walletPassesEn } from './walletPasses';

export const translationEn = {
  ...en,
  account: accountEn,
  catalogue: catalogueEn,
  tickets: ticketsEn,
  checkout: checkoutEn,
  wallet: walletEn,
  maps: mapsEn,
  staff: staffEn,
  backOffice: backOfficeEn,
  catalogueOffice: catalogueOfficeEn,
  mapOffice: mapOfficeEn,
  passes: passesEn,
  receipts: receiptsEn,
  walletPasses: walletPassesEn,
  konbini: konbiniEn,
  passOffice: passOfficeEn,
  passHolders: passHoldersEn,
  passPhotoReview: passPhotoReviewEn,
  passVisitor: passVisitorEn,
  groups: groupsEn,
  waitingRoom: waitingRoomEn,
};
