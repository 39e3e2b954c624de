// Ticket packs: bundles of items sold together at a set price per pack.
import type { Text, TicketPackSeed } from './types';

const T = (ja: string, en: string): Text => ({ ja, en });

const pack = (
  parkSlug: string,
  id: string,
  category: TicketPackSeed['category'],
  name: Text,
  description: Text,
  price: number,
  items: [string, number][],
  o: Partial<Omit<TicketPackSeed, 'code' | 'parkSlug' | 'category' | 'name' | 'description' | 'price' | 'items'>> = {},
): TicketPackSeed => ({
  code: `${parkSlug}--${id}`,
  parkSlug,
  category,
  name,
  description,
  saleLabel: 4,
  applicationStarts: -30,
  applicationEnds: 150,
  availableFrom: -30,
  availableUntil: 180,
  selectableTimes: ['09:30', '11:00', '13:00'],
  minTotal: 1,
  maxTotal: 10,
  price,
  isPrivate: false,
  items: items.map(([id2, quantity]) => ({ itemCode: `${parkSlug}--${id2}`, quantity })),
  ...o,
});

export const PACKS: readonly TicketPackSeed[] = [
  pack(
    'ueno-zoo',
    'quest-set',
    2,
    T('入園券＋謎解きクエスト セット', 'Admission + puzzle quest set'),
    T(
      '入園券と謎解きクエスト「上野の森の動物探偵」がセットになったお得なパックです。',
      'A money-saving bundle of admission and the “Animal detectives of Ueno” puzzle quest.',
    ),
    1200,
    [
      ['admission', 1],
      ['quest', 1],
    ],
  ),
  pack(
    'asahiyama-zoo',
    'ramen-set',
    0,
    T('入園券＋旭川ラーメン お食事セット', 'Admission + Asahikawa ramen set'),
    T(
      '入園券と、園内レストランで使える旭川ラーメンのお食事券のセットです。',
      'Admission plus a voucher for a bowl of Asahikawa ramen at the zoo restaurant.',
    ),
    1800,
    [
      ['admission', 1],
      ['ramen-voucher', 1],
    ],
    { selectableTimes: ['09:30', '10:30', '12:00'] },
  ),
  pack(
    'sendai-umino-mori',
    'performance-set',
    1,
    T('入館券＋パフォーマンス指定席 セット', 'Admission + performance seat set'),
    T(
      '入館券とイルカ・アシカパフォーマンスの指定席をセットにしました。',
      'Admission together with a reserved seat for the dolphin and sea lion performance.',
    ),
    2700,
    [
      ['admission', 1],
      ['performance-seats', 1],
    ],
    { selectableTimes: ['11:00', '13:30', '15:30'], maxTotal: 6 },
  ),
  pack(
    'kamogawa-sea-world',
    'orca-set',
    1,
    T('入園券＋シャチパフォーマンス前方指定席 セット', 'Admission + orca front seat set'),
    T(
      '入園券とシャチパフォーマンスの前方指定席がセットになったパックです。',
      'A bundle of admission and a front reserved seat for the orca performance.',
    ),
    3700,
    [
      ['admission', 1],
      ['orca-seats', 1],
    ],
    { selectableTimes: ['11:30', '14:00', '16:00'], maxTotal: 6 },
  ),
  pack(
    'zoorasia',
    'giraffe-set',
    1,
    T('入園券＋キリンの餌やり体験 セット', 'Admission + giraffe feeding set'),
    T(
      '入園券とキリンの餌やり体験のセットです。体験の時間をお選びください。',
      'Admission plus a giraffe feeding session. Choose your session time.',
    ),
    1200,
    [
      ['admission', 1],
      ['giraffe-feeding', 1],
    ],
    { selectableTimes: ['11:00', '14:00'], maxTotal: 5 },
  ),
  pack(
    'nagoya-port-aquarium',
    'family-pack',
    0,
    T('ファミリーパック（入館券4枚＋駐車場）', 'Family pack (4 admissions + parking)'),
    T(
      '入館券4枚と駐車場利用券1枚をまとめたファミリー向けのパックです。',
      'Four admissions and one car park ticket bundled together for families.',
    ),
    6500,
    [
      ['admission', 4],
      ['parking', 1],
    ],
    { selectableTimes: ['09:30', '12:00'], maxTotal: 2 },
  ),
  pack(
    'kaiyukan',
    'audio-set',
    0,
    T('入館券＋音声ガイド セット', 'Admission + audio guide set'),
    T(
      '入館券と音声ガイド「環太平洋の旅」をセットにしました。',
      'Admission bundled with the “Journey round the Pacific” audio guide.',
    ),
    3000,
    [
      ['admission', 1],
      ['audio-guide', 1],
    ],
    { selectableTimes: ['10:00', '13:00', '16:00', '18:00'] },
  ),
  pack(
    'churaumi-aquarium',
    'okichan-set',
    1,
    T('入館券＋オキちゃん劇場ロイヤルシート セット', 'Admission + Okichan Theater royal seat set'),
    T('入館券とオキちゃん劇場のロイヤルシートのセットです。', 'Admission plus a royal seat at the Okichan Theater.'),
    3000,
    [
      ['admission', 1],
      ['okichan-seats', 1],
    ],
    { selectableTimes: ['10:30', '13:00', '15:00'], maxTotal: 6 },
  ),
  pack(
    'toba-aquarium',
    'quest-set',
    2,
    T('入館券＋謎解きラボ セット', 'Admission + puzzle lab set'),
    T(
      '入館券と「へんな生きもの研究所 謎解きラボ」のセットです。',
      'Admission together with the Strange creatures lab puzzle quest.',
    ),
    3200,
    [
      ['admission', 1],
      ['quest', 1],
    ],
  ),
  pack(
    'tennoji-zoo',
    'night-set',
    0,
    T('ナイトZOO 夜間入園券＋ドリンク セット', 'Night Zoo admission + drink set'),
    T(
      'ナイトZOOの夜間入園券と、てんしばカフェのドリンク引換券のセットです。',
      'Night Zoo evening admission plus a Tenshiba café drink voucher.',
    ),
    900,
    [
      ['night-zoo', 1],
      ['drink-voucher', 1],
    ],
    {
      saleLabel: 3,
      applicationStarts: 10,
      applicationEnds: 110,
      availableFrom: 30,
      availableUntil: 120,
      selectableTimes: ['17:00', '18:00', '19:00'],
    },
  ),
  pack(
    'higashiyama-zoo',
    'members-pack',
    0,
    T('サポーター限定 入園券5枚つづり', 'Supporters’ book of 5 admissions'),
    T(
      '動植物園サポーターの皆さま限定の、入園券5枚つづりのパックです。',
      'A book of five admissions for Higashiyama supporters only.',
    ),
    2000,
    [['admission', 5]],
    { saleLabel: 1, isPrivate: true, maxTotal: 2 },
  ),
];
