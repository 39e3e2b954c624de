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
  passwordRule: {
    ja: 'パスワードは半角8文字以上で、英大文字・英小文字・数字をそれぞれ含めてください',
    en: 'Use at least 8 half-width characters, including an upper-case letter, a lower-case letter and a digit.',
  },
  passwordMismatch: { ja: 'パスワードが一致しません', en: 'The passwords do not match' },
  required: { ja: '{field}を入力してください', en: 'Please enter {field}' },
  emailTaken: { ja: 'このメールアドレスはすでに登録されています', en: 'This e-mail address is already registered' },
  registrationSent: {
    ja: '仮登録を受け付けました。10分以内にメールに記載のリンクから登録を完了してください。',
    en: 'Almost done: open the link in the e-mail we sent within 10 minutes to complete your registration.',
  },
  resendSuggestion: {
    ja: '5分たってもメールが届かない場合は、確認メールを再送してください。',
    en: 'If no e-mail arrives within 5 minutes, please resend the verification e-mail.',
  },
  verificationResent: { ja: '確認メールを再送しました。', en: 'The verification e-mail has been resent.' },
  verificationExpired: {
    ja: 'リンクの有効期限（10分）が切れています。確認メールを再送してください。',
    en: 'This link has expired (it is valid for 10 minutes). Please resend the verification e-mail.',
  },
  verificationInvalid: { ja: 'このリンクは無効です。', en: 'This link is not valid.' },
  emailVerified: {
    ja: 'メールアドレスの確認が完了し、登録が完了しました。',
    en: 'Your e-mail address is confirmed and your registration is complete.',
  },
  emailNotVerified: {
    ja: 'メールアドレスの確認が完了していません。メールに記載のリンクから登録を完了してください。',
    en: 'Your e-mail address is not confirmed yet. Please open the link in the e-mail we sent you.',
  },
  loginFailed: {
    ja: 'メールアドレスまたはパスワードが正しくありません',
    en: 'The e-mail address or password is incorrect',
  },
  botCheckFailed: {
    ja: 'ロボットではないことを確認できませんでした。もう一度お試しください',
    en: 'We could not confirm that you are not a robot. Please try again',
  },
  rateLimited: {
    ja: '試行回数が上限に達しました。{minutes}分ほど待ってから再度お試しください',
    en: 'Too many attempts. Please wait about {minutes} minutes and try again',
  },
  forgotSent: {
    ja: 'ご入力のメールアドレスが登録されている場合、パスワード再設定用のメールをお送りしました。',
    en: 'If this e-mail address is registered, we have sent a link to reset your password.',
  },
  resetInvalid: {
    ja: 'パスワード再設定のリンクが無効か、有効期限が切れています。もう一度お手続きください。',
    en: 'The password reset link is invalid or has expired. Please start again.',
  },
  newPasswordSet: { ja: '新しいパスワードを設定しました。', en: 'Your new password has been set.' },
  passwordChanged: { ja: 'パスワードを変更しました。', en: 'Your password has been changed.' },
  currentPasswordWrong: { ja: '現在のパスワードが正しくありません', en: 'The current password is incorrect' },
  accountUpdated: { ja: 'アカウント情報を更新しました。', en: 'Your account has been updated.' },
  accountDeleted: { ja: 'アカウントを削除しました。', en: 'Your account has been deleted.' },
  photoTooLarge: { ja: '写真のサイズが10MBを超えています', en: 'The photo exceeds 10MB' },
  photoType: { ja: 'JPEGまたはPNGの画像を選んでください', en: 'Please choose a JPEG or PNG image' },
  socialNotLinked: {
    ja: 'このアカウントはまだ登録されていません。新規登録してください。',
    en: 'This account is not registered yet. Please sign up.',
  },
  socialExpired: {
    ja: 'ソーシャルログインの有効期限が切れました。もう一度お試しください。',
    en: 'The social sign-in has expired. Please try again.',
  },
  socialAlreadyLinked: {
    ja: 'このアカウントはすでに別のユーザーに連携されています',
    en: 'This account is already linked to another user',
  },
  childRestricted: { ja: 'キッズアカウントではご利用いただけません', en: 'Kids accounts cannot use this' },
  kidNeedsPassword: {
    ja: 'キッズアカウントを作成するには、先に保護者アカウントのパスワードを設定してください',
    en: 'Set a password for your own account before creating a kids account',
  },
  loggedOut: { ja: 'ログアウトしました', en: 'You have signed out' },
  sessionExpired: {
    ja: 'ログインの有効期限が切れました。もう一度ログインしてください',
    en: 'Your session has expired. Please sign in again',
  },
  csrf: {
    ja: '不正なリクエストです。ページを再読み込みしてください',
    en: 'This request was refused. Please reload the page',
  },
  mirairoLinked: {
    ja: 'ミライロIDを連携しました。障がい者割引が利用できます。',
    en: 'Your Mirairo ID is linked. Disability prices are now available.',
  },
  tooManyDates: { ja: '日付は10件まで選択できます', en: 'You can select up to 10 dates' },
  packTotalRange: {
    ja: '合計{min}〜{max}の間で設定してください。',
    en: 'Please set between {min} and {max} in total.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** Look up and interpolate a message: {name} placeholders are replaced from params. */
export function message(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}
