// Notification kinds, shared by the server (texts, delivery) and the PWA (settings, inbox icons).
export const NOTIFICATION_KINDS = [
  /** To the sharer: someone received tickets they shared. */
  'shareReceived',
  /** To the sharer: a share expired or was cancelled, its tickets are back. */
  'shareEnded',
  /** To the receiver: tickets received through a share. */
  'ticketsReceived',
  /** A cart hold ends in 3 minutes. */
  'holdExpiring',
  'orderPaid',
  'refundDone',
  'lotteryResult',
  'waitlistOffer',
  /** A URL-access ticket's link is live today. */
  'ticketUsableToday',
  /** A followed park posted a story (off unless turned on). */
  'newStory',
  /** To a pass's owner: a holder's member card was moved to a new phone (the old QR no longer admits). */
  'passCardReissued',
  /** To the pass owner and the holder: the park rejected a holder's face photo (with its reason). */
  'passPhotoRejected',
  /** To the pass owner: the pass ends in 30 or 7 days; renew it. */
  'passRenewalReminder',
  /** To a group's requester: the request was approved, declined, paid, or released unpaid. */
  'groupRequest',
  /** A konbini payment's deadline passed unpaid: the order is cancelled and its places given back. */
  'konbiniExpired',
  /** Money paid at a convenience store goes back by bank transfer: enter the account it goes to. */
  'bankTransferOwed',
  /** No account entered 3 and 10 days after a refund by bank transfer was owed: a reminder to enter it. */
  'bankAccountReminder',
  /** A high-demand sale's waiting room reached the visitor's place: they may buy now. */
  'waitingRoomTurn',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds that are off until the user turns them on. */
export const OFF_BY_DEFAULT: readonly NotificationKind[] = ['newStory'];

/** GET api/v1/me/notifications: one inbox entry. */
export interface InboxNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app path a tap opens. */
  navigate: string;
  read: boolean;
  createdAt: string;
}
