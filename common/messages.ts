// Messages shown by both sides (server error envelopes, client-side validation), in ja and en.
// The server localises meta.message by the request's language header; the PWA reuses the same texts.
import type { Locale } from './enums';

export const MESSAGES = {
  notFound: { ja: 'データが存在しません', en: 'Data does not exist' },
  pageNotFound: { ja: 'ページが見つかりません', en: 'Page not found' },
  routeNotFound: { ja: 'ページが見つかりません', en: 'Page Not Found' },
  badRequest: { ja: '入力内容に誤りがあります', en: 'The request is invalid' },
  invalidParam: { ja: '{field}の値が正しくありません', en: 'The value of {field} is invalid' },
  unauthorized: { ja: 'ログインしてください', en: 'Please sign in' },
  forbidden: { ja: 'この操作は許可されていません', en: 'You are not allowed to do this' },
  serverError: {
    ja: 'サーバーでエラーが発生しました。時間をおいて再度お試しください',
    en: 'A server error occurred. Please try again later',
  },
  serviceUnavailable: {
    ja: 'ただいまサービスを利用できません。時間をおいて再度お試しください',
    en: 'The service is temporarily unavailable. Please try again later',
  },
  tooManyRequests: {
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください',
    en: 'Too many requests. Please wait a moment and try again',
  },
  invalidEmail: {
    ja: '正しい形式のメールアドレスを入力してください。',
    en: 'Please enter a correctly formatted email address.',
  },
  noData: { ja: 'データがありません', en: 'There is no data' },
  noStories: { ja: 'まだストーリーが投稿されていません。', en: 'There are no stories posted yet.' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** Look up and interpolate a message: {name} placeholders are replaced from params. */
export function message(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}
