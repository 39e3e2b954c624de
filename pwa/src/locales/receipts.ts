// UI strings of the receipt page (issue 31); ja here, en in en/receipts.ts.
export const receiptsJa = {
  title: '領収書（適格請求書）',
  back: '購入履歴',
  number: '番号',
  addressee: '宛名',
  none: 'なし',
  fixed: '最初のダウンロード後は変更できません',
  nameNote: '宛名は最初のダウンロードの前に設定してください。2回目以降は「再発行」と表示されます。',
  save: '宛名を保存',
  download: '領収書（適格請求書）をダウンロード',
  creditNote: '返還インボイス',
};
