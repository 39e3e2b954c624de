import type { TagSeed } from './types';

export const TAGS: readonly TagSeed[] = [
  // Living things
  { code: 'mammals', category: 'living-thing', name: { ja: '哺乳類', en: 'Mammals' } },
  { code: 'marine-mammals', category: 'living-thing', name: { ja: '海獣類', en: 'Marine mammals' } },
  { code: 'birds', category: 'living-thing', name: { ja: '鳥類', en: 'Birds' } },
  { code: 'reptiles', category: 'living-thing', name: { ja: '爬虫類', en: 'Reptiles' } },
  { code: 'amphibians', category: 'living-thing', name: { ja: '両生類', en: 'Amphibians' } },
  { code: 'fish', category: 'living-thing', name: { ja: '魚類', en: 'Fish' } },
  { code: 'invertebrates', category: 'living-thing', name: { ja: '無脊椎動物', en: 'Invertebrates' } },
  // Facilities
  { code: 'parking', category: 'facility', name: { ja: '駐車場', en: 'Parking' } },
  { code: 'restaurant', category: 'facility', name: { ja: 'レストラン', en: 'Restaurant' } },
  { code: 'shop', category: 'facility', name: { ja: 'ショップ', en: 'Shop' } },
  { code: 'barrier-free', category: 'facility', name: { ja: 'バリアフリー', en: 'Barrier-free' } },
  { code: 'rental', category: 'facility', name: { ja: 'レンタル', en: 'Rental' } },
  // Events
  { code: 'backyard-tour', category: 'event', name: { ja: 'バックヤードツアー', en: 'Backyard tour' } },
  { code: 'feeding', category: 'event', name: { ja: '餌やり体験', en: 'Feeding experience' } },
  { code: 'touching', category: 'event', name: { ja: 'ふれあい', en: 'Animal encounters' } },
  { code: 'night', category: 'event', name: { ja: '夜間開園', en: 'Night opening' } },
  { code: 'guided-tour', category: 'event', name: { ja: 'ガイドツアー', en: 'Guided tour' } },
  { code: 'performance', category: 'event', name: { ja: 'パフォーマンス', en: 'Performance' } },
  { code: 'seasonal', category: 'event', name: { ja: '季節のイベント', en: 'Seasonal event' } },
  { code: 'workshop', category: 'event', name: { ja: 'ワークショップ', en: 'Workshop' } },
  // Quests
  { code: 'mystery', category: 'quest', name: { ja: '謎解き', en: 'Puzzle hunt' } },
  { code: 'stamp-rally', category: 'quest', name: { ja: 'スタンプラリー', en: 'Stamp rally' } },
  { code: 'kids', category: 'quest', name: { ja: 'こども向け', en: 'For kids' } },
  // Other
  { code: 'annual-pass', category: 'other', name: { ja: '年間パスポート', en: 'Annual pass' } },
  { code: 'voucher', category: 'other', name: { ja: '引換券', en: 'Voucher' } },
  { code: 'family', category: 'other', name: { ja: 'ファミリー', en: 'Family' } },
  { code: 'free', category: 'other', name: { ja: '無料', en: 'Free' } },
  { code: 'limited', category: 'other', name: { ja: '期間限定', en: 'Limited time' } },
];
