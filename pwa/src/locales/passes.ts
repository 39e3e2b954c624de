// UI strings of annual passes for visitors (issue 29): the pass item page, the holders at the add-info step, the
// member cards in My Tickets, their visits and renewal; ja here, en in en/passes.ts.
import { passCardJa } from './passCard';
import { passItemJa } from './passItem';

export const passesJa = {
  ...passItemJa,
  card: passCardJa,
  holders: {
    title: '年間パスポートを利用する方',
    lead: '{{name}}：利用する方のお名前を入力してください。入園時にお名前と顔写真で確認します。',
    person: '{{n}}人目（{{who}}）',
    name: 'お名前',
    nameHint: '1〜60文字',
    ageGroup: '年齢区分：{{name}}',
    account: 'この方のアカウント',
    accountNone: 'アカウントなし（お名前のみ）',
    accountMe: '自分（{{name}}）',
    accountChild: 'キッズアカウント：{{name}}',
    photo: '顔写真',
    photoLater: '顔写真は購入後、マイチケットの会員証から登録できます。',
    errors: {
      nameRequired: 'お名前を入力してください',
      nameTooLong: 'お名前は60文字以内で入力してください',
      personTwice: '同じアカウントを2人に指定できません',
    },
  },

  visits: {
    title: '入園履歴',
    date: '日付',
    park: '施設',
    gate: 'ゲート',
    entries: '入園回数',
    holder: '利用者',
    empty: 'まだ入園の記録はありません',
    count: '{{count}}回',
    unknownGate: '—',
  },
  renew: {
    title: '年間パスポートの更新',
    period: '有効期限',
    price: '更新料金',
    holders: '引き続き利用する方',
    holdersNote: '利用する方とお名前・顔写真はそのまま引き継がれます。',
    noCancel: '更新した年間パスポートはキャンセルできません',
    submit: '更新をカートに入れる',
    closed: '今は更新できません（{{from}}〜{{until}}に更新できます）',
    notRenewable: 'この年間パスポートは更新できません',
  },
};
