// Konbini's strings My Tickets shows (issue 26): the stores' names, the payments awaited at a store and the refunds
// owed by bank transfer, so My Tickets loads these and not the slip's, checkout's or the office's (locales/myTickets.ts).
// Spread back into konbiniJa under the same keys.
export const konbiniWalletJa = {
  stores: {
    '00007': 'セブン-イレブン',
    '10001': 'ローソン',
    '10002': 'ファミリーマート',
    '10005': 'ミニストップ',
  },
  pending: {
    title: 'コンビニでのお支払い待ち',
    order: '申込番号 {{number}}',
    payBy: '{{deadline}}までに{{store}}でお支払いください',
    show: 'お支払い番号を見る',
  },
  refund: {
    quoteNote:
      'コンビニでお支払いいただいた代金は、コンビニ経由では返金できません。キャンセル後、ご登録の銀行口座へ施設から振込で返金します（口座はこのあと登録していただきます）。',
    done: 'キャンセルしました。返金先の口座をご登録ください',
    title: '銀行振込での返金',
    lead: 'コンビニでお支払いいただいた代金は、コンビニ経由では返金できないため、施設から銀行振込で返金します。振込先の口座をご登録ください。',
    order: '申込番号',
    amount: '返金額',
    state: '状態',
    states: {
      awaiting_account: '口座のご登録待ち',
      ready: '振込の準備中',
      transferred: '振込済み',
    },
    transferredOn: '振込日',
    bankCode: '銀行コード（4桁）',
    branchCode: '支店コード（3桁）',
    codeHint: '通帳やキャッシュカード、銀行のウェブサイトで確認できます。',
    bankFound: '{{name}}',
    branchFound: '{{name}}支店',
    bankUnknown: 'このコードの銀行は見つかりません',
    branchUnknown: 'この銀行にこのコードの支店は見つかりません',
    accountType: '口座種別',
    types: { ordinary: '普通', current: '当座' },
    accountNumber: '口座番号（7桁以内）',
    holderKana: '口座名義（カタカナ）',
    holderHint:
      '通帳に記載のとおり、カタカナで入力してください（例：ヤマダ ハナコ）。銀行の形式（半角カナ）に変換して登録します。',
    current: '登録済みの口座',
    numberEnding: '口座番号 末尾{{digits}}',
    save: '口座を登録する',
    change: '口座を変更する',
    saved: '口座を登録しました',
    errors: {
      bank_code: '銀行コードは半角数字4桁で入力してください',
      branch_code: '支店コードは半角数字3桁で入力してください',
      account_type: '口座種別を選んでください',
      account_number: '口座番号は半角数字7桁以内で入力してください',
      holder_kana: '口座名義はカタカナ30文字以内で入力してください（漢字・ひらがな・英字は使えません）',
    },
    toMyTickets: 'マイチケットへ',
  },
};
