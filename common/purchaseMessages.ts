// The messages the ticket pages show on their own (the cart's rules checked before a request, a child account's
// refusal, the generic server error, the cart page's empty cart), ja and en: a module of its own so those pages do not load the whole table of
// common/messages.ts (about 10 KB gzip of the item page's first load), which includes these.
import type { Locale } from './enums';

export const PURCHASE_MESSAGES = {
  serverError: {
    ja: 'サーバーでエラーが発生しました。時間をおいて再度お試しください',
    en: 'A server error occurred. Please try again later',
  },
  childRestricted: { ja: 'キッズアカウントではご利用いただけません', en: 'Kids accounts cannot use this' },
  tooManyDates: { ja: '日付は10件まで選択できます', en: 'You can select up to 10 dates' },
  packTotalRange: {
    ja: '合計{min}〜{max}の間で設定してください。',
    en: 'Please set between {min} and {max} in total.',
  },
  quantityInvalid: { ja: '枚数の値が正しくありません', en: 'The quantities are invalid' },
  quantityRequired: { ja: '枚数を1枚以上選択してください', en: 'Please select at least one ticket' },
  minimumParticipant: {
    ja: 'このチケットは{min}名様以上でお申し込みください',
    en: 'This ticket needs at least {min} people per application',
  },
  maxPerOrder: {
    ja: 'このチケットは1回のご注文につき{max}枚までです',
    en: 'You can order up to {max} of this ticket at a time',
  },
  companionRule: {
    ja: '介助者は障がい者1名につき1名までです',
    en: 'One accompanying person per disabled person',
  },
  noDisabilityPrice: {
    ja: 'このチケットには障がい者料金がありません',
    en: 'This ticket has no disability price',
  },
  additionalPlanRule: {
    ja: '追加プランは基本プランの人数までお申し込みいただけます',
    en: 'Additional plans can be added for at most the number of people on the basic plan',
  },
  seatCountMismatch: {
    ja: '人数分（{count}席）の座席を選択してください',
    en: 'Please select one seat per person ({count} seats)',
  },
  timeSlotRequired: { ja: '時間帯を選択してください', en: 'Please select a time slot' },
  cartEmpty: { ja: 'カートに商品がありません', en: 'Your cart is empty' },
} as const satisfies Record<string, Record<Locale, string>>;

export type PurchaseMessageKey = keyof typeof PURCHASE_MESSAGES;

/** Interpolates {name} placeholders from params (a placeholder without a value stays as it is). */
export function fillMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

/** One of the purchase messages in the visitor's language. */
export function purchaseMessage(
  key: PurchaseMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(PURCHASE_MESSAGES[key][locale], params);
}
