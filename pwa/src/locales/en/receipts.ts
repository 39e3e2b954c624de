// English strings of locales/receipts.ts.
import type { English } from '../english';
import type { receiptsJa } from '../receipts';

export const receiptsEn: English<typeof receiptsJa> = {
  title: 'Receipt (qualified invoice)',
  back: 'Purchase history',
  number: 'Number',
  addressee: 'Addressee',
  none: 'none',
  fixed: 'cannot be changed after the first download',
  nameNote: 'Set the addressee before the first download. Later downloads are marked REISSUE.',
  save: 'Save addressee',
  download: 'Download the receipt (qualified invoice)',
  creditNote: 'Credit note',
};
