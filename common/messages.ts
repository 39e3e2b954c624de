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
  // Cart, stock and holds
  soldOut: { ja: '売り切れました', en: 'Sold out' },
  phoneRequired: {
    ja: 'チケットを追加するには電話番号の登録が必要です',
    en: 'To add tickets, you need to register your phone number',
  },
  seatDeadlinePassed: {
    ja: '座席の予約期限が過ぎました。もう一度選択してください。',
    en: 'The seat reservation deadline has passed. Please select again.',
  },
  holdExpired: {
    ja: 'お支払い期限が過ぎたため、カートの内容が削除されました。もう一度追加してください。',
    en: 'The hold on this ticket has expired and it was removed from your cart. Please add it again.',
  },
  holdExpiredNotice: {
    ja: 'お支払い期限が過ぎたため、{name}をカートから削除しました',
    en: '{name} was removed from your cart because its hold expired.',
  },
  guestIdRequired: {
    ja: 'カートを利用するにはログインするか、ゲストIDを送信してください',
    en: 'Please sign in, or send your guest id (x-guest-user-id header), to use the cart',
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
  ageGroupNotSold: {
    ja: '選択された区分のチケットは販売していません',
    en: 'Tickets are not sold for the selected age group',
  },
  planInvalid: { ja: '選択されたプランは選べません', en: 'The selected plan cannot be chosen' },
  seatCountMismatch: {
    ja: '人数分（{count}席）の座席を選択してください',
    en: 'Please select one seat per person ({count} seats)',
  },
  seatUnknown: { ja: '選択された座席は存在しません', en: 'The selected seat does not exist' },
  seatsNotSelectable: {
    ja: 'このチケットは座席を選択できません',
    en: 'Seats cannot be selected for this ticket',
  },
  timeSlotRequired: { ja: '時間帯を選択してください', en: 'Please select a time slot' },
  timeSlotInvalid: { ja: '選択された時間帯は選べません', en: 'The selected time slot cannot be chosen' },
  itemNotOnSale: { ja: 'このチケットは現在販売していません', en: 'This ticket is not on sale now' },
  dateOutsidePeriod: { ja: '利用期間外の日付です', en: 'This date is outside the period of use' },
  dateExcluded: { ja: 'この日はご利用いただけません', en: 'This ticket cannot be used on this day' },
  dateParkClosed: { ja: 'この日は休園日です', en: 'The park is closed on this day' },
  dateDeadlinePassed: {
    ja: 'この日の申し込み期限は過ぎています',
    en: 'The application deadline for this day has passed',
  },
  availabilityRange: {
    ja: '期間は{max}日以内で指定してください',
    en: 'Please choose a period of at most {max} days',
  },
  switchLimit: {
    ja: '{name}はカートの上限（{max}枚）を超えるため、カートを移せませんでした',
    en: 'Your cart could not be moved: {name} would exceed the limit of {max} per order',
  },
  cartTargetRequired: {
    ja: 'チケットまたはチケットパックを1つ選択してください',
    en: 'Please choose one ticket or one ticket pack',
  },
  cartLineUnavailable: {
    ja: 'カートの内容が変更されました。もう一度ご確認ください',
    en: 'Your cart has changed. Please check it again',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** Look up and interpolate a message: {name} placeholders are replaced from params. */
export function message(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}
