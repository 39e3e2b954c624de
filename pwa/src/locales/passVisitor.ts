// A pass's visitor moves (issue 29): cancelling before the first entry, reissuing a card on a new phone, the face
// photo chosen at purchase.
export const passVisitorJa = {
  cancel: {
    title: '年間パスポートのキャンセル',
    lead: '初回入園前に限り、利用する方全員分をまとめてキャンセルできます。初回入園後のキャンセルはできません。',
    button: 'このパスポートをキャンセル',
    dialogTitle: '年間パスポートをキャンセルしますか？',
    holders: '対象',
    holderCount: '利用する方 {{count}}人分',
    rate: 'キャンセル料率',
    confirmLead: 'キャンセルすると、全員の会員証とQRコードは使えなくなります。元に戻せません。',
    keep: 'やめる',
    confirm: 'キャンセルする',
    done: '年間パスポートをキャンセルしました',
    refused: '初回入園後のキャンセルはできません。',
  },
  reissue: {
    button: 'このスマホで再発行',
    title: '{{name}}さんの会員証をこのスマホで再発行しますか？',
    lead: '機種変更やスマホをなくしたときに使います。このスマホに新しいQRコードを発行します。',
    warning: '前のスマホの会員証（QRコード）は、各ゲートの同期後に使えなくなります。',
    keep: 'やめる',
    confirm: '再発行する',
    done: '会員証を再発行しました',
  },
  photo: {
    choose: '顔写真を選ぶ',
    change: '顔写真を変える',
    remove: '顔写真を外す',
    uploading: '送信中…',
    chosen: '顔写真を選びました（購入後、会員証に表示されます）',
    preview: '{{n}}人目の顔写真',
    hint: 'JPEG・PNG、10MBまで。あとから会員証で登録することもできます。',
  },
};
