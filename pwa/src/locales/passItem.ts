// The pass strings of a pass item's page and the cart (its kinds, validity and benefits): a module of their own, so
// the ticket pages' and the cart's strings leave out the member cards', holders' and renewal's. Part of the passes'
// strings (passes.ts), under the same keys.
export const passItemJa = {
  item: {
    kind: '種類',
    kinds: { single: '個人パス（1名）', family: 'ファミリーパス（{{count}}名まで）' },
    holders: '利用する方の人数',
    validity: '有効期間',
    fromPurchase: '購入日から{{days}}日間',
    fromFirstEntry: '初回入園日から{{days}}日間',
    startWithin: '初回入園は購入日から{{days}}日以内（{{date}}まで）',
    parks: '利用できる施設',
    benefits: '特典',
    noCancel: '初回入園後のキャンセルはできません',
    total: '合計',
    pickHolders: '利用する方の人数を選んでください',
    tooMany: 'ファミリーパスは{{count}}名までです',
    tooManySingle: '一度に購入できるのは{{count}}名分までです',
    familyNote: 'ファミリーパスは選んだ全員で1枚のパスになります',
    singleNote: '1名ごとに1枚のパスになります',
  },
  benefits: {
    daily: '有効期間中は毎日入園できます',
    reentry: '同じ日の再入園ができます',
    reentryMax: '同じ日に{{count}}回まで入園できます',
    discount: 'イベント・クエストが{{percent}}%オフ',
    vouchers: '同伴者招待券 {{count}}枚（有効期間ごと）',
    holderCapacity: '時間指定の催しにパス会員用の枠があります',
  },
};
