// Messages shown by both sides (server error envelopes, client-side validation), in ja and en.
// The server localises meta.message by the request's language header; the PWA reuses the same texts.
import { NO_STORIES } from './emptyStates';
import type { Locale } from './enums';
import { fillMessage, PURCHASE_MESSAGES } from './purchaseMessages';

export const MESSAGES = {
  ...PURCHASE_MESSAGES,
  notFound: { ja: 'データが存在しません', en: 'Data does not exist' },
  pageNotFound: { ja: 'ページが見つかりません', en: 'Page not found' },
  routeNotFound: { ja: 'ページが見つかりません', en: 'Page Not Found' },
  badRequest: { ja: '入力内容に誤りがあります', en: 'The request is invalid' },
  invalidParam: { ja: '{field}の値が正しくありません', en: 'The value of {field} is invalid' },
  invalidBody: {
    ja: '送信内容はJSONのオブジェクトで送ってください',
    en: 'The request body must be a JSON object',
  },
  unsupportedMediaType: {
    ja: '送信内容はJSON（Content-Type: application/json）で送ってください',
    en: 'The request body must be JSON (Content-Type: application/json)',
  },
  payloadTooLarge: { ja: '送信内容が大きすぎます', en: 'The request body is too large' },
  requestTimeout: {
    ja: '送信に時間がかかりすぎたため受け付けられませんでした。もう一度お試しください',
    en: 'The request took too long to arrive. Please try again',
  },
  childBirthdate: {
    ja: 'キッズアカウントの生年月日は、18歳未満の日付を入力してください（未来の日付は指定できません）',
    en: "A kids account needs a child's date of birth: under 18 today, and not in the future",
  },
  passwordIncorrect: { ja: 'パスワードが正しくありません', en: 'The password is incorrect' },
  currentPasswordRequired: {
    ja: 'この変更には現在のパスワードの入力が必要です',
    en: 'Enter your current password to make this change',
  },
  freshSignInRequired: {
    ja: 'この変更の前に、もう一度ログインしてください',
    en: 'Please sign in again before making this change',
  },
  emailChangeSent: {
    ja: '新しいメールアドレスに確認メールを送りました。10分以内にメールのリンクを開くと変更が完了します。',
    en: 'We sent a confirmation e-mail to the new address. Open its link within 10 minutes to complete the change.',
  },
  parentPasswordRequired: {
    ja: '保護者のアカウントに戻るには、保護者のパスワードを入力してください',
    en: "Enter the parent's password to switch back to the parent account",
  },
  unauthorized: { ja: 'ログインしてください', en: 'Please sign in' },
  forbidden: { ja: 'この操作は許可されていません', en: 'You are not allowed to do this' },
  databaseBusy: {
    ja: 'ただいま混み合っています。少し時間をおいてもう一度お試しください',
    en: 'We are busy right now. Please try again in a moment',
  },
  databaseUnavailable: {
    ja: 'ただいまご利用いただけません。少し時間をおいてもう一度お試しください',
    en: 'The service is unavailable for a moment. Please try again shortly',
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
  noStories: NO_STORIES,
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
  // Lottery and waitlist
  paymentCaptureRefused: {
    ja: 'カード会社がお支払いの確定を受け付けませんでした',
    en: 'The card company refused to complete the payment',
  },
  lotteryClosed: {
    ja: 'この抽選は受付期間外です',
    en: 'This lottery is not taking entries now',
  },
  dateNotInLotteryRound: {
    ja: 'この日は抽選の受付対象外です',
    en: 'This date is not open for lottery entries',
  },
  lotteryAlreadyEntered: {
    ja: 'この抽選にはすでに申し込んでいます。内容の変更はマイチケットの抽選申込から行えます',
    en: 'You have already entered this lottery. You can change your entry from My Tickets',
  },
  lotteryChoiceInvalid: {
    ja: '第{n}希望の日付または時間帯はこの抽選の対象外です',
    en: 'Choice {n}: that date or time is not part of this lottery',
  },
  lotteryOneEntryPerOrder: {
    ja: '抽選のお申し込みは1件ずつ行ってください（カートのほかのチケットは別にご購入ください）',
    en: 'Please enter a lottery on its own (buy the other tickets in your cart separately)',
  },
  lotteryEntryLocked: {
    ja: '受付期間が終了したため、この申込は変更・取消できません',
    en: 'Entries have closed: this entry can no longer be changed or withdrawn',
  },
  waitlistUnavailable: {
    ja: 'この日時はキャンセル待ちを受け付けていません（空きがあるか、受付期限を過ぎています）',
    en: 'This date and time takes no waitlist entries (places are free, or the deadline has passed)',
  },
  waitlistAlreadyJoined: {
    ja: 'この日時のキャンセル待ちにはすでに登録しています',
    en: 'You are already on the waitlist for this date and time',
  },
  waitlistOfferGone: {
    ja: 'このご案内は期限切れか、すでに手続き済みです',
    en: 'This offer has expired or has already been answered',
  },
  // Cart, stock and holds
  groupSizeOutOfRange: {
    ja: '人数は{min}〜{max}名の範囲で入力してください',
    en: 'The group must have between {min} and {max} people',
  },
  groupExemptionUnknown: {
    ja: 'この施設では選択された減免区分を扱っていません',
    en: 'This park does not grant the chosen exemption',
  },
  groupDocumentRequired: {
    ja: '減免の申請には書類（PDFまたは画像）が必要です',
    en: 'An exemption needs its document (PDF or image)',
  },
  groupDocumentTooLarge: { ja: '書類のサイズが10MBを超えています', en: 'The document exceeds 10MB' },
  groupDocumentType: {
    ja: '書類はPDF、PNG、JPEGのいずれかを選んでください',
    en: 'Please choose a PDF, PNG or JPEG document',
  },
  groupRequestState: {
    ja: 'この団体申込は現在の状態ではその操作ができません',
    en: 'The group request cannot do that in its current state',
  },
  groupAdmitTooMany: {
    ja: 'この団体の未入場は残り{left}名です',
    en: 'Only {left} of this group have not entered yet',
  },
  groupTransferAmount: {
    ja: '入金額が請求額（{amount}円）と一致しません',
    en: 'The amount transferred does not equal the invoice ({amount} yen)',
  },
  soldOut: { ja: '売り切れました', en: 'Sold out' },
  passHolderInvalid: {
    ja: '年間パスポートの利用者 {position} 人目の内容を確認してください（{field}）',
    en: 'Please check holder {position} of the annual pass ({field})',
  },
  passHoldersMissing: {
    ja: '年間パスポートを使う方全員のお名前を入力してください',
    en: 'Please enter the name of every holder of the annual pass',
  },
  passVoucherInvalid: {
    ja: 'この入園券には年間パスポートの同伴者券（pass_voucher）を使えません',
    en: "The annual pass's guest vouchers (pass_voucher) cannot be used on this admission ticket",
  },
  passVouchersUsedUp: {
    ja: '年間パスポートの同伴者券（pass_voucher）が残っていません（今期の残り {left} 枚）',
    en: 'Not enough guest vouchers left on the annual pass (pass_voucher): {left} left this term',
  },
  passPoolNotHolder: {
    ja: 'パス会員枠（pass_pool）は、その日にこの施設で有効な年間パスポートをお持ちの方だけが予約できます',
    en: 'Pass-holder places (pass_pool) are only for holders of an annual pass valid at this park on that date',
  },
  passPoolTooMany: {
    ja: 'パス会員枠（pass_pool）で予約できるのは、有効な年間パスポートの人数（{max}名）までです',
    en: 'Pass-holder places (pass_pool) can be booked for at most {max}: the holders of your valid annual passes',
  },
  passPoolUnavailable: {
    ja: 'このチケット・時間帯にはパス会員枠（pass_pool）がありません',
    en: 'This ticket or time slot has no pass-holder places (pass_pool)',
  },
  passCapacityOverSlot: {
    ja: 'パス会員枠（pass_capacity）は時間帯の定員（capacity: {capacity}）以下にしてください',
    en: "Pass-holder places (pass_capacity) cannot exceed the time slot's capacity (capacity: {capacity})",
  },
  passCapacityBelowTaken: {
    ja: 'パス会員枠（pass_capacity）を{value}にはできません：{date}の{poolJa}で{taken}枚が販売済み・確保中です',
    en: "Pass-holder places (pass_capacity) cannot be {value}: {date}'s {poolEn} has {taken} places sold or held",
  },
  passCapacityNotForItem: {
    ja: '抽選販売・座席指定のチケットにはパス会員枠（pass_capacity）を設定できません',
    en: 'Lottery and seat-selection tickets cannot have pass-holder places (pass_capacity)',
  },
  invoiceRegistrationNumber: {
    ja: '登録番号（registration_number）は「T」と13桁の法人番号で入力してください（先頭の検査用数字が合いません）',
    en: 'The registration number (registration_number) must be T and the 13-digit corporate number with a valid check digit',
  },
  receiptNameFixed: {
    ja: '領収書の宛名（recipient_name）は最初のダウンロード後は変更できません',
    en: 'The receipt addressee (recipient_name) cannot be changed after the first download',
  },
  passNotRenewable: {
    ja: 'この年間パスポートは今は更新できません（更新は有効期限の{days}日前から期限日まで）',
    en: 'This annual pass cannot be renewed now (renewal opens {days} days before it ends and closes on its last day)',
  },
  passRenewalNotCancellable: {
    ja: '更新した年間パスポートはキャンセルできません',
    en: 'A renewed annual pass cannot be cancelled',
  },
  passSuspended: { ja: 'この年間パスポートは利用停止中です', en: 'This annual pass is suspended' },
  passPhotoReviewed: {
    ja: 'この写真は確認済みか、差し替えられています',
    en: 'This photo has been reviewed already or replaced',
  },
  passUsed: {
    ja: '年間パスポートは初回入園後のキャンセルはできません',
    en: 'An annual pass cannot be cancelled after its first entry',
  },
  cartLineInPayment: {
    ja: 'このチケットはお支払い手続き中のため変更できません。お支払いを完了するか、お支払いを取り消してから変更してください。',
    en: 'This ticket is being paid for and cannot be changed. Complete the payment, or cancel it, and then change it.',
  },
  checkoutInProgress: {
    ja: 'お申し込みを処理しています。しばらくしてからマイチケットをご確認ください。',
    en: 'Your order is being processed. Please check My Tickets in a moment.',
  },
  checkoutNotStarted: {
    ja: 'お支払いを開始できなかったため、お申し込みを取り消しました。もう一度お手続きください。',
    en: 'The payment could not be started, so the order was cancelled. Please check out again.',
  },
  paymentPlacesGone: {
    ja: 'お支払いは完了しましたが、確保期限を過ぎていたためその間にチケットがなくなりました。お支払い金額は全額返金します（メールでお知らせします）。',
    en: 'Your payment went through, but it came after the hold had ended and the tickets were gone in the meantime. The full amount will be refunded (we will e-mail you).',
  },
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
  ageGroupNotSold: {
    ja: '選択された区分のチケットは販売していません',
    en: 'Tickets are not sold for the selected age group',
  },
  planInvalid: { ja: '選択されたプランは選べません', en: 'The selected plan cannot be chosen' },
  seatUnknown: { ja: '選択された座席は存在しません', en: 'The selected seat does not exist' },
  seatsNotSelectable: {
    ja: 'このチケットは座席を選択できません',
    en: 'Seats cannot be selected for this ticket',
  },
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
  // Cards and payments
  cardNumberRequired: { ja: 'カード番号を入力してください', en: 'Please enter the card number' },
  cardNumberInvalid: { ja: '正しいカード番号を入力してください', en: 'Please enter a valid card number' },
  cardHalfWidthDigits: { ja: '半角数字で入力してください', en: 'Please use half-width digits only' },
  cardHolderRequired: { ja: 'カード名義を入力してください', en: 'Please enter the cardholder name' },
  cardHolderInvalid: {
    ja: 'カード名義はカードに記載のとおり半角英字で入力してください',
    en: 'Enter the cardholder name in half-width letters as printed on the card',
  },
  cardExpiryRequired: { ja: '有効期限を入力してください', en: 'Please enter the expiry date' },
  cardExpiryInvalid: {
    ja: '有効期限はMM/YYの形式で入力してください（月は01〜12）',
    en: 'Enter the expiry date as MM/YY (month 01-12)',
  },
  cardExpired: { ja: 'カードの有効期限が切れています', en: 'This card has expired' },
  cardCvcRequired: { ja: 'セキュリティコードを入力してください', en: 'Please enter the security code' },
  cardCvcInvalid: {
    ja: 'セキュリティコードは半角数字3〜4桁で入力してください',
    en: 'The security code is 3 or 4 half-width digits',
  },
  cardLimit: {
    ja: 'カードは5枚まで登録できます。これ以上登録できないため決済できません。',
    en: 'Up to 5 cards are registered, so payment is not possible.',
  },
  cardLimitReached: {
    ja: 'カードは5枚まで登録できます。不要なカードを削除してから登録してください。',
    en: 'You can register up to 5 cards. Delete a card you no longer use first.',
  },
  cardInUseByLottery: {
    ja: 'このカードは抽選のお申し込みで、抽選時のお支払いに使われます。抽選が終わるか申込を取り消してから削除してください。',
    en: 'This card pays for a lottery entry at the draw. Delete it after the draw, or withdraw the entry first.',
  },
  cardSaved: { ja: 'カードの変更を保存しました', en: 'Your card changes have been saved' },
  lotteryItemRequired: {
    ja: '抽選販売のチケットではありません（チケットの設定で抽選を有効にしてください）',
    en: 'This ticket is not sold by lottery (turn the lottery on in its settings first)',
  },
  lotteryRoundStarted: {
    ja: '申込受付が始まった抽選は変更・削除できません',
    en: 'A lottery round whose entries have opened cannot be changed or removed',
  },
  timeSlotInUse: {
    ja: 'この時間枠には販売・確保・キャンセル待ちがあるため削除できません（定員は在庫・定員の画面で変更できます）',
    en: 'This time slot has places sold, held or waited for, so it cannot be removed (set its capacity on the stock page)',
  },
  planInUse: {
    ja: '販売済みのチケットがあるため、オプションプランは削除できません',
    en: 'Tickets have been sold, so an add-on plan cannot be removed',
  },
  packContentsLocked: {
    ja: '販売済みのセットチケットは内容を変更できません（新しいセットを作成してください）',
    en: 'A pack that has sold cannot change its contents (create a new pack instead)',
  },
  mapPointOutside: {
    ja: '{field}が地図の外にあります',
    en: 'The {field} point is outside the map',
  },
  mapCodeTaken: {
    ja: 'このコードはこの施設の地図ですでに使われています',
    en: 'This code is already used on this park’s map',
  },
  saleLabelMoveNotAllowed: {
    ja: 'この販売ラベルには変更できません（販売状態の流れに沿って変更してください）',
    en: 'The sale label cannot move there (follow the sale lifecycle)',
  },
  saleLabelAlreadySold: {
    ja: 'すでに販売済みのチケットがあるため、販売前の状態には戻せません',
    en: 'Tickets have been sold already, so the item cannot go back before sale',
  },
  cardDeleted: { ja: 'カードを削除しました', en: 'The card has been deleted' },
  cardTokenInvalid: {
    ja: 'カード情報の有効期限が切れました。もう一度入力してください',
    en: 'The card details have expired. Please enter them again',
  },
  paymentCardDeclined: { ja: 'このカードはご利用いただけません', en: 'This card cannot be used' },
  paymentInsufficientFunds: {
    ja: 'カードの利用可能額が不足しています。別のカードをご利用ください',
    en: 'The card does not have enough available credit. Please use another card',
  },
  payment3dsFailed: {
    ja: '3Dセキュア認証に失敗しました。カード情報をご確認の上、カード発行会社にお問い合わせください。',
    en: '3-D Secure authorization failed. Please check your card details and contact your card issuer.',
  },
  paymentDeclined: { ja: '決済がキャンセルされました', en: 'The payment was cancelled' },
  paymentExpired: {
    ja: '決済の有効期限が切れました。もう一度お手続きください',
    en: 'The payment has expired. Please start again',
  },
  paymentFailed: {
    ja: '決済に失敗しました。時間をおいて再度お試しください',
    en: 'The payment failed. Please try again later',
  },
  paymentUnavailable: {
    ja: 'ただいまこのお支払い方法はご利用いただけません',
    en: 'This payment method is not available right now',
  },
  konbiniNoTime: {
    ja: 'ご利用日の前日までにお支払いいただく時間がないため、コンビニ払いはご利用いただけません',
    en: 'Convenience-store payment is not available: there is no time left to pay before the day before your visit',
  },
  konbiniAmountLimit: {
    ja: 'コンビニ払いは1回299,999円までです。ほかのお支払い方法をお選びください',
    en: 'Convenience-store payment is limited to ¥299,999 per order. Please choose another payment method',
  },
  paymentModeUnsupported: {
    ja: '抽選・キャンセル待ちのお申し込みはクレジットカードのみご利用いただけます',
    en: 'Lottery and waitlist applications can only be paid by credit card',
  },
  paymentStateConflict: {
    ja: 'この決済は現在の状態では操作できません',
    en: 'This payment cannot be changed in its current state',
  },
  paymentRefundTooLarge: {
    ja: '返金額が返金可能な金額を超えています',
    en: 'The refund is larger than the amount that can be refunded',
  },
  paymentNotificationRejected: { ja: '通知の署名が正しくありません', en: 'The notification signature is invalid' },
  // Checkout, coupons and coins
  couponExpired: { ja: 'クーポンの有効期限が正しくありません', en: 'The coupon is outside its validity period' },
  couponUsedUp: { ja: 'このクーポンは利用回数の上限に達しています', en: 'This coupon has reached its usage limit' },
  couponNotApplicable: {
    ja: 'このクーポンはご注文のチケットには使えません',
    en: 'This coupon cannot be used for the tickets in this order',
  },
  couponsNotCombinable: {
    ja: 'チケットごとのクーポンと特定チケット向けのクーポンは併用できません',
    en: 'Coupons for each ticket and coupons for specific tickets cannot be combined',
  },
  coinsInvalid: { ja: 'コインの値が正しくありません', en: 'The number of coins is invalid' },
  coinsExceedOwned: {
    ja: '保有コイン（{owned}コイン）を超えて利用することはできません',
    en: 'You cannot use more coins than you own ({owned} coins)',
  },
  coinsExceedTotal: {
    ja: 'コインはお支払い金額（{max}円）までご利用いただけます',
    en: 'You can use coins up to the amount to pay ({max} yen)',
  },
  advanceInfoIncomplete: { ja: '個別入力が完了していない項目があります', en: 'Some individual inputs are incomplete' },
  advanceInfoCharacters: {
    ja: '{field}に使用できない文字が含まれています（{chars}）',
    en: '{field} contains characters that cannot be used ({chars})',
  },
  gatePhotoType: { ja: 'JPEGの画像を選んでください', en: 'Please choose a JPEG image' },
  profileRequiredForPayment: {
    ja: 'お支払い方法の変更には生年月日・電話番号・お住まいの都道府県の登録が必要です',
    en: 'To change the payment method, register your date of birth, phone number and prefecture of residence',
  },
  agreementRequired: {
    ja: '利用規約への同意が必要です',
    en: 'Please accept the terms to continue',
  },
  ticketInfoDeleted: {
    ja: 'チケット情報が削除されました。もう一度お選びください',
    en: 'The ticket information was deleted. Please select again',
  },
  remainingExceeded: {
    ja: '残りの申し込み可能数を超えました',
    en: 'You have exceeded the remaining number of applications',
  },
  paymentMethodInvalid: {
    ja: 'このご注文にはそのお支払い方法を選べません',
    en: 'This payment method cannot be chosen for this order',
  },
  orderNotPayable: {
    ja: 'このお申し込みは現在お支払いできません',
    en: 'This application cannot be paid now',
  },
  // Wallet: usage, scans, cancellation, sharing
  notUseDay: {
    ja: 'このチケットは利用日当日のみ使用できます。チケットは引き続き有効です',
    en: 'This ticket can only be used on its day of use. It is still valid',
  },
  alreadyUsed: { ja: 'このチケットはすでに使用済みです', en: 'This ticket has already been used' },
  notUsable: { ja: 'このチケットは現在使用できません', en: 'This ticket cannot be used now' },
  certificateRequired: {
    ja: '障がい者手帳またはミライロIDを提示してから使用してください',
    en: 'Please show your disability certificate or Mirairo ID before using this ticket',
  },
  usedAtInvalid: {
    ja: '利用日時が正しくありません。端末の時刻をご確認ください',
    en: "The time of use is not valid. Please check your device's clock",
  },
  usedAtGate: {
    ja: 'このチケットは入口でQRコードを提示して使用します',
    en: 'This ticket is used by showing its QR code at the gate',
  },
  ticketNumberUnknown: { ja: 'その番号のチケットはありません', en: 'There is no ticket with that number' },
  ticketTokenInvalid: { ja: 'チケットのQRコードが正しくありません', en: 'The ticket QR code is not valid' },
  ticketWrongDay: { ja: 'このチケットは本日ご利用いただけません', en: 'This ticket is not for today' },
  ticketWrongPark: { ja: 'この施設のチケットではありません', en: 'This ticket is not for this park' },
  notParkStaff: {
    ja: 'この施設のスタッフとして登録されていません',
    en: 'You are not registered as staff of this park',
  },
  invitationInvalid: {
    ja: 'この招待リンクは無効か期限切れです',
    en: 'This invitation link is not valid or has expired',
  },
  invitationOtherEmail: {
    ja: 'この招待はほかのメールアドレス宛てです。招待メールを受け取ったアドレスでログインしてください',
    en: 'This invitation is for another e-mail address. Please sign in with the address the invitation was sent to',
  },
  lastOwner: {
    ja: '施設には少なくとも1人のオーナーが必要です',
    en: 'A park needs at least one owner',
  },
  storyNotPublishable: {
    ja: 'この状態のストーリーは公開できません',
    en: 'This story cannot be published in its current state',
  },
  capacityBelowTaken: {
    ja: '販売済み・確保中の{taken}枚より少ない在庫数にはできません',
    en: 'The capacity cannot be below the {taken} places sold or held',
  },
  storyLive: {
    ja: '公開中または予約中のストーリーは削除できません。先に非公開にしてください',
    en: 'A published or scheduled story cannot be deleted. Unpublish it first',
  },
  parkUserRequired: {
    ja: 'この施設の投稿者が登録されていません',
    en: 'This park has no posting staff profile yet',
  },
  storyPublishAtPast: {
    ja: '予約公開の日時は現在より後にしてください',
    en: 'A scheduled publication time must be in the future',
  },
  notCancellable: { ja: 'このチケットはキャンセルできません', en: 'This ticket cannot be cancelled' },
  bankTransferDone: {
    ja: 'この返金の振込はすでに記録されています',
    en: 'This refund transfer has already been recorded',
  },
  bankAccountMissing: {
    ja: 'お客様がまだ返金先の口座を登録していません',
    en: 'The customer has not entered a bank account for the refund yet',
  },
  bankCodeInvalid: {
    ja: '銀行コード（bank_code）は半角数字4桁で入力してください',
    en: 'The bank code (bank_code) must be 4 digits',
  },
  branchCodeInvalid: {
    ja: '支店コード（branch_code）は半角数字3桁で入力してください',
    en: 'The branch code (branch_code) must be 3 digits',
  },
  accountTypeInvalid: {
    ja: '口座種別（account_type）は普通（ordinary）か当座（current）を選んでください',
    en: 'The account type (account_type) must be ordinary (普通) or current (当座)',
  },
  accountNumberInvalid: {
    ja: '口座番号（account_number）は半角数字7桁以内で入力してください',
    en: 'The account number (account_number) must be up to 7 digits',
  },
  holderKanaInvalid: {
    ja: '口座名義（holder_kana）はカタカナ30文字以内で入力してください（漢字・ひらがな・英字は使えません）',
    en: 'The account holder (holder_kana) must be in katakana, at most 30 characters (no kanji, hiragana or Latin letters)',
  },
  consignorCodeInvalid: {
    ja: '委託者コード（consignor_code）は銀行から通知された半角数字10桁で入力してください',
    en: 'The consignor code (consignor_code) must be the 10 digits your bank gave you',
  },
  consignorNameInvalid: {
    ja: '委託者名（consignor_name）はカタカナ・英大文字40文字以内で入力してください（漢字・ひらがなは使えません）',
    en: 'The consignor name (consignor_name) must be in katakana or capital letters, at most 40 characters (no kanji or hiragana)',
  },
  bankCodeUnknown: {
    ja: '銀行コード（bank_code）{code}の銀行が見つかりません。コードをご確認ください',
    en: 'No bank has the bank code (bank_code) {code}. Please check it',
  },
  branchCodeUnknown: {
    ja: '支店コード（branch_code）{code}の支店がこの銀行に見つかりません。コードをご確認ください',
    en: 'This bank has no branch with the branch code (branch_code) {code}. Please check it',
  },
  remitterAccountMissing: {
    ja: '振込元の口座（委託者コード・銀行・支店・口座番号）が登録されていません。施設のオーナーが施設プロフィールで登録してください',
    en: "The park's remitting account (consignor code, bank, branch, account number) is not set. The park's owner sets it on the park profile",
  },
  zenginNothingReady: {
    ja: '振込データに入れる返金（口座登録済み・未振込）がありません',
    en: 'No refund is ready for a transfer file (account entered, not transferred yet)',
  },
  ticketStateConflict: {
    ja: 'チケットの状態が変わったため、この操作はできません。画面を更新してください',
    en: 'The ticket has changed meanwhile, so this cannot be done. Please reload',
  },
  nothingToRefund: {
    ja: 'この注文に返金できるチケットはありません',
    en: 'No ticket of this order is left to refund',
  },
  waitlistNotCancellable: {
    ja: 'キャンセル待ちで当選したチケットはキャンセルできません',
    en: 'Tickets won via the waitlist cannot be cancelled',
  },
  orderSearchOne: {
    ja: '注文番号・メールアドレス・電話番号のどれか1つで検索してください（number、email、phone）',
    en: 'Search by one of: order number, e-mail address or telephone number (number, email, phone)',
  },
  cancelOneOrder: {
    ja: '一度にキャンセルできるのは同じお申し込みのチケットのみです',
    en: 'Only tickets of one application can be cancelled together',
  },
  cancellationRefundPending: {
    ja: '返金手続き中です。しばらくしてから再度ご確認ください',
    en: 'The refund is being processed. Please check again later',
  },
  notShareable: { ja: 'このチケットは共有できません', en: 'This ticket cannot be shared' },
  shareOnePark: {
    ja: '一度に共有できるのは同じ施設のチケットのみです',
    en: 'Only tickets of one park can be shared together',
  },
  shareExpired: { ja: '共有の有効期限が切れています', en: 'The share has expired' },
  shareClosed: { ja: 'この共有はすでに終了しています', en: 'This share has already ended' },
  shareOwnTickets: {
    ja: 'ご自身が共有したチケットは受け取れません',
    en: 'You cannot receive tickets you shared yourself',
  },
  totpRequiredByPark: {
    ja: 'この施設では2段階認証が必須です。設定の「2段階認証」で有効にしてから操作してください',
    en: 'This park requires two-step sign-in. Turn it on under Settings, Two-step sign-in, then try again',
  },
  totpCodeWrong: { ja: '確認コードが正しくありません', en: 'The verification code is not correct' },
  totpCodeUsed: {
    ja: 'この確認コードは使用済みです。次のコードが表示されるまでお待ちください',
    en: 'This code has already been used. Please wait for the next code',
  },
  // The same texts for a signed-in account changing its two-step setting (answered 422, not 401).
  totpSettingCodeWrong: { ja: '確認コードが正しくありません', en: 'The verification code is not correct' },
  totpSettingCodeUsed: {
    ja: 'この確認コードは使用済みです。次のコードが表示されるまでお待ちください',
    en: 'This code has already been used. Please wait for the next code',
  },
  totpChallengeExpired: {
    ja: 'ログインの有効期限が切れました。もう一度メールアドレスとパスワードを入力してください',
    en: 'The sign-in has expired. Please enter your e-mail address and password again',
  },
  totpNotEnabled: { ja: '2段階認証は有効になっていません', en: 'Two-step sign-in is not turned on' },
  totpAlreadyEnabled: { ja: '2段階認証はすでに有効です', en: 'Two-step sign-in is already on' },
  totpNoSetup: {
    ja: '先に2段階認証の設定を開始してください',
    en: 'Please start setting up two-step sign-in first',
  },
  totpRequiredCannotDisable: {
    ja: '2段階認証を必須にしている施設のスタッフのため、無効にできません',
    en: 'A park you work for requires two-step sign-in, so it cannot be turned off',
  },
  totpSetupFirst: {
    ja: '施設に2段階認証を必須にする前に、ご自身の2段階認証を有効にしてください',
    en: 'Turn on your own two-step sign-in before requiring it for the park',
  },
  twoFactorEnabled: { ja: '2段階認証を有効にしました', en: 'Two-step sign-in is on' },
  twoFactorDisabled: { ja: '2段階認証を無効にしました', en: 'Two-step sign-in is off' },
  parkSecurityUpdated: { ja: '施設のセキュリティ設定を保存しました', en: 'The park security setting was saved' },
  mediaPhotoType: {
    ja: 'JPEG・PNG・WebP・HEICの画像を選んでください',
    en: 'Please choose a JPEG, PNG, WebP or HEIC image',
  },
  photoUnreadable: {
    ja: '画像を読み込めませんでした。ファイルが壊れていないか確認してください',
    en: 'The image could not be read. Please check that the file is not damaged',
  },
  movieType: { ja: 'MP4またはWebMの動画を選んでください', en: 'Please choose an MP4 or WebM movie' },
  movieTooLong: { ja: '動画は{max}秒以内にしてください', en: 'Movies can be at most {max} seconds long' },
  movieLengthUnknown: {
    ja: '動画の長さを読み取れませんでした。別の形式で書き出してお試しください',
    en: 'The length of the movie could not be read. Please export it again and retry',
  },
  movieTooLarge: { ja: '動画のサイズが{max}MBを超えています', en: 'The movie exceeds {max}MB' },
  rangeNotSatisfiable: {
    ja: '指定された範囲はファイルの外です',
    en: 'The requested range is outside the file',
  },
  mediaLimit: {
    ja: '1つのストーリーに添付できる写真・動画は{max}件までです',
    en: 'A story can have at most {max} photos and movies',
  },
  waitingRoomAdmissionRequired: {
    ja: 'このチケットは順番待ちの対象です。待合室に並び、順番が来てからカートに追加してください',
    en: 'This ticket is sold through a waiting room. Please queue and add it to your cart when it is your turn',
  },
  waitingRoomAdmissionNotYours: {
    ja: 'この入場許可は別のアカウントまたは別のチケットのものです',
    en: 'This admission belongs to another account or another ticket',
  },
  waitingRoomAdmissionExpired: {
    ja: '入場許可の有効期限が切れました。待合室にもう一度並んでください',
    en: 'Your admission has expired. Please join the waiting room again',
  },
  waitingRoomAdmissionUsed: {
    ja: 'この入場許可はすでに使用されています',
    en: 'This admission has already been used',
  },
  waitingRoomNotActive: {
    ja: 'このチケットの待合室は受付を終了しました',
    en: 'The waiting room of this ticket is closed',
  },
  waitingRoomNoPlace: {
    ja: '待合室に並んでいません。先に待合室に並んでください',
    en: 'You are not in the waiting room. Please join it first',
  },
  waitingRoomNotYet: {
    ja: 'まだ順番ではありません。そのままお待ちください',
    en: 'It is not your turn yet. Please keep waiting',
  },
  waitingRoomAlreadyOpen: {
    ja: '待合室はすでに開始しているため、開始時刻は変更できません',
    en: 'The waiting room has opened: its opening time can no longer change',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** Look up and interpolate a message: {name} placeholders are replaced from params. */
export function message(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillMessage(MESSAGES[key][locale], params);
}
