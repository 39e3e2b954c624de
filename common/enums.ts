// Enumerations with the numeric codes of the spec (SPEC.md section 3).
// Both the server (database values) and the PWA (labels) use these.

export const Gender = { Other: 0, Male: 1, Female: 2 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

export const YesNo = { No: 0, Yes: 1 } as const;
export type YesNo = (typeof YesNo)[keyof typeof YesNo];

export const ItemCategory = {
  AdmissionTicket: 0,
  Event: 1,
  Quest: 2,
  Facility: 3,
  Voucher: 4,
  Others: 5,
} as const;
export type ItemCategory = (typeof ItemCategory)[keyof typeof ItemCategory];

export const CombinationLabel = {
  FreeReservation: 1,
  FreeApplication: 2,
  FreeNoApplication: 3,
  Reservation: 4,
  Blank: 99,
} as const;
export type CombinationLabel = (typeof CombinationLabel)[keyof typeof CombinationLabel];

export const SaleLabel = {
  Private: 1,
  WaitingForPublication: 2,
  BeforeRelease: 3,
  Sale: 4,
  EndOfSale: 5,
  PublicationEnds: 6,
  Blank: 99,
} as const;
export type SaleLabel = (typeof SaleLabel)[keyof typeof SaleLabel];

/** Sale labels under which an item is listed publicly (private and publication-ended ones are not). */
export const LISTED_SALE_LABELS: readonly SaleLabel[] = [
  SaleLabel.WaitingForPublication,
  SaleLabel.BeforeRelease,
  SaleLabel.Sale,
  SaleLabel.EndOfSale,
  SaleLabel.Blank,
];

// 5 konbini (convenience-store payment, issue 32): a code of our own after the spec's 1-4.
export const PaymentMethod = { Visa: 1, MPay: 2, PayPay: 3, FullCoin: 4, Konbini: 5 } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

// CHECK: the card is verified with a zero-amount check now and charged at a lottery's draw (a draw beyond the
// lifetime of an authorisation).
export const PaymentMode = { Capture: 'CAPTURE', Auth: 'AUTH', Check: 'CHECK' } as const;
export type PaymentMode = (typeof PaymentMode)[keyof typeof PaymentMode];
/** Modes that take nothing at payment time: a lottery entry, settled at the draw. */
export const settlesAtDraw = (mode: PaymentMode): boolean => mode !== PaymentMode.Capture;

export const OrderKind = { Items: 'ITEMS', Package: 'PACKAGE' } as const;
export type OrderKind = (typeof OrderKind)[keyof typeof OrderKind];

export const OrderType = { Normal: 0, Quick: 1 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const Language = { Ja: 0, En: 1 } as const;
export type Language = (typeof Language)[keyof typeof Language];

export const LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';
export const isLocale = (v: unknown): v is Locale => v === 'ja' || v === 'en';
export const localeToLanguage = (l: Locale): Language => (l === 'en' ? Language.En : Language.Ja);
export const languageToLocale = (l: number): Locale => (l === Language.En ? 'en' : 'ja');

export const StoryList = { Populars: 'populars', ShortMovies: 'short-movies', Randoms: 'randoms' } as const;
export type StoryList = (typeof StoryList)[keyof typeof StoryList];

export const TagCategory = {
  LivingThing: 'living-thing',
  Facility: 'facility',
  Event: 'event',
  Quest: 'quest',
  Other: 'other',
} as const;
export type TagCategory = (typeof TagCategory)[keyof typeof TagCategory];

export const UsageTrigger = { None: 0, QrPresentation: 1, UrlAccess: 2, ButtonOperation: 3 } as const;
export type UsageTrigger = (typeof UsageTrigger)[keyof typeof UsageTrigger];

export const CoinHistoryType = { Minus: 'minus', Plus: 'plus', Return: 'return', Expired: 'expired' } as const;
export type CoinHistoryType = (typeof CoinHistoryType)[keyof typeof CoinHistoryType];

export const ParkKind = { Zoo: 'zoo', Aquarium: 'aquarium' } as const;
export type ParkKind = (typeof ParkKind)[keyof typeof ParkKind];

export const StoryKind = { Article: 'article', ShortMovie: 'short_movie' } as const;
export type StoryKind = (typeof StoryKind)[keyof typeof StoryKind];

/** Convenience stores taking konbini payment, by GMO Payment Gateway's Convenience code. */
export const KonbiniStore = { SevenEleven: '00007', Lawson: '10001', FamilyMart: '10002', Ministop: '10005' } as const;
export type KonbiniStore = (typeof KonbiniStore)[keyof typeof KonbiniStore];
/** The park setting's default: days the visitor has to pay at the store. */
export const DEFAULT_KONBINI_PAYMENT_DAYS = 3;

/** "Few left" is shown when fewer than this many remain (SPEC section 9). */
export const FEW_LEFT_THRESHOLD = 10;

/** Values of an enum object, for Joi `.valid(...)` and select options. */
export const enumValues = <T extends Record<string, string | number>>(e: T): T[keyof T][] =>
  Object.values(e) as T[keyof T][];
