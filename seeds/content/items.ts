// Tickets and other items sold per park. Dates are day offsets from today (Asia/Tokyo).
// Plans: the "basic" plan holds the price per age category (1 infant .. 6 senior); "additional" plans
// are optional add-ons whose prices are the extra amount per person.
import { parkBySlug } from './parks';
import type { ItemIcon, ItemPlanSeed, ItemSeed, PriceSet, Text } from './types';

const T = (ja: string, en: string): Text => ({ ja, en });

/** Prices for age categories 1 infant, 2 elementary, 3 junior high, 4 high school, 5 adult, 6 senior (null = not sold). */
const prices = (...yen: (number | null)[]): PriceSet => {
  const out: PriceSet = {};
  yen.forEach((p, i) => {
    if (p !== null) out[i + 1] = p;
  });
  return out;
};
const allAges = (yen: number) => prices(yen, yen, yen, yen, yen, yen);
/** A per-vehicle or per-unit price, stored on the adult category. */
const perUnit = (yen: number) => prices(null, null, null, null, yen, null);

const basic = (p: PriceSet, name = T('基本プラン', 'Standard')): ItemPlanSeed => ({ kind: 'basic', name, prices: p });
const addOn = (name: Text, p: PriceSet): ItemPlanSeed => ({ kind: 'additional', name, prices: p });

const STANDARD_CANCEL = [
  { daysBefore: 7, chargeRate: 0 },
  { daysBefore: 3, chargeRate: 30 },
  { daysBefore: 1, chargeRate: 50 },
  { daysBefore: 0, chargeRate: 100 },
];
const SHORT_CANCEL = [
  { daysBefore: 2, chargeRate: 0 },
  { daysBefore: 1, chargeRate: 50 },
  { daysBefore: 0, chargeRate: 100 },
];

type Label = ItemSeed['saleLabel'];

/** Availability and sale windows that match each sale label. */
const WINDOWS: Record<
  Label,
  Pick<ItemSeed, 'availableFrom' | 'availableUntil' | 'saleStarts' | 'saleEnds' | 'isPrivate'>
> = {
  1: { availableFrom: -30, availableUntil: 180, saleStarts: -30, saleEnds: 180, isPrivate: true },
  2: { availableFrom: 60, availableUntil: 150, saleStarts: 30, saleEnds: 140, isPrivate: false },
  3: { availableFrom: 30, availableUntil: 120, saleStarts: 10, saleEnds: 110, isPrivate: false },
  4: { availableFrom: -30, availableUntil: 180, saleStarts: -30, saleEnds: 180, isPrivate: false },
  5: { availableFrom: -10, availableUntil: 20, saleStarts: -60, saleEnds: -2, isPrivate: false },
  6: { availableFrom: -90, availableUntil: -10, saleStarts: -120, saleEnds: -15, isPrivate: false },
  99: { availableFrom: -30, availableUntil: 365, saleStarts: null, saleEnds: null, isPrivate: false },
};

type Options = Partial<Omit<ItemSeed, 'code' | 'parkSlug' | 'name' | 'description'>> & { label?: Label };

function item(
  parkSlug: string,
  id: string,
  category: ItemSeed['category'],
  name: Text,
  description: Text,
  o: Options,
): ItemSeed {
  const label = o.label ?? o.saleLabel ?? 4;
  const { label: _ignored, ...rest } = o;
  return {
    code: `${parkSlug}--${id}`,
    parkSlug,
    category,
    name,
    description,
    notes: null,
    saleLabel: label,
    combinationLabel: 99,
    usageTrigger: 1,
    reservationRequired: false,
    lottery: false,
    waitlist: false,
    seatSelection: false,
    minimumParticipant: 1,
    maxPerOrder: 10,
    disabilityPrice: null,
    ...WINDOWS[label],
    applicationDeadlineDays: 0,
    applicationDeadlineTime: '23:59',
    shareableUntil: null,
    rewardCoins: 10,
    dailyCapacity: 100,
    plans: [],
    timeSlots: [],
    excludedDays: [],
    cancellation: [],
    tags: [],
    icon: 'ticket' as ItemIcon,
    ...rest,
  };
}

const slots = (capacity: number, ...starts: string[]) =>
  starts.map((start) => {
    const [h, m] = start.split(':').map(Number);
    const end = `${String((h ?? 0) + 1).padStart(2, '0')}:${String(m ?? 0).padStart(2, '0')}`;
    return { start, end, capacity };
  });

// ---------------------------------------------------------------------------------------------
// Common item shapes

function admission(parkSlug: string, p: PriceSet, disability: number, extraNote?: Text): ItemSeed {
  const park = parkBySlug(parkSlug);
  const zoo = park.kind === 'zoo';
  const noun = zoo ? { ja: '入園券' } : { ja: '入館券' };
  return item(
    parkSlug,
    'admission',
    0,
    T(`${park.name.ja} ${noun.ja}`, `${park.name.en} admission ticket`),
    T(
      `${park.name.ja}の${zoo ? '入園' : '入館'}券です。ご利用日当日、入口でマイチケットのQRコードを提示してください。${zoo ? '再入園' : '再入館'}はできません。`,
      `Admission to ${park.name.en}. Show the QR code in My Tickets at the entrance on the day of your visit. Re-entry is not permitted.`,
    ),
    {
      notes: T(
        `${park.priceSummary.ja}。障害者手帳等をお持ちの方はご本人と介助者1名まで障害者料金でご利用いただけます（入口で手帳をご提示ください）。${extraNote?.ja ?? ''}`,
        `${park.priceSummary.en}. Holders of a disability certificate and one companion can use the disability price (show the certificate at the entrance). ${extraNote?.en ?? ''}`.trim(),
      ),
      disabilityPrice: disability,
      shareableUntil: 90,
      rewardCoins: 10,
      dailyCapacity: 5000,
      maxPerOrder: 20,
      plans: [basic(p)],
      excludedDays: [],
      tags: ['family'],
      icon: 'ticket',
    },
  );
}

function annualPass(parkSlug: string, p: PriceSet): ItemSeed {
  const park = parkBySlug(parkSlug);
  return item(
    parkSlug,
    'annual-pass',
    0,
    T('年間パスポート', 'Annual pass'),
    T(
      `最初のご利用日から1年間、${park.name.ja}に何度でも入場できるパスポートです。季節ごとに変わる動物たちの姿を楽しめます。`,
      `Unlimited entry to ${park.name.en} for one year from your first visit, so you can watch the animals change through the seasons.`,
    ),
    {
      notes: T(
        'ご本人のみ有効です。初回ご利用時に入口で顔写真を登録します。',
        'Valid for the named holder only. Your photo is registered at the entrance on your first visit.',
      ),
      rewardCoins: 50,
      dailyCapacity: 500,
      maxPerOrder: 6,
      plans: [basic(p)],
      tags: ['annual-pass'],
      icon: 'pass',
    },
  );
}

function parking(parkSlug: string, yen: number, capacity: number, name?: Text): ItemSeed {
  const park = parkBySlug(parkSlug);
  return item(
    parkSlug,
    'parking',
    3,
    name ?? T('駐車場利用券（普通車）', 'Car park ticket (standard car)'),
    T(
      `${park.name.ja}の駐車場を1日ご利用いただける事前購入券です。出庫時に精算機でQRコードをかざしてください。`,
      `A pre-paid ticket for a day’s parking at ${park.name.en}. Hold the QR code to the reader at the exit.`,
    ),
    {
      notes: T(
        '普通車1台あたりの料金です。満車の場合は入庫をお待ちいただくことがあります。',
        'Price per standard car. When the car park is full you may have to wait to enter.',
      ),
      rewardCoins: 5,
      dailyCapacity: capacity,
      maxPerOrder: 2,
      shareableUntil: 30,
      plans: [basic(perUnit(yen), T('普通車1台', 'One standard car'))],
      tags: ['parking'],
      icon: 'car',
    },
  );
}

function stroller(parkSlug: string, yen: number): ItemSeed {
  return item(
    parkSlug,
    'stroller',
    5,
    T('レンタルベビーカー', 'Pushchair rental'),
    T(
      '入口近くの貸出所でお受け取りいただけるベビーカーです。受け取り時に画面の「利用する」ボタンを係員の前で押してください。',
      'Pick up a pushchair at the rental desk near the entrance. Tap “Use” on your ticket in front of a member of staff when you collect it.',
    ),
    {
      notes: T(
        '対象年齢は生後7か月〜36か月です。台数に限りがあります。',
        'For children aged 7 to 36 months. Numbers are limited.',
      ),
      usageTrigger: 3,
      rewardCoins: 5,
      dailyCapacity: 40,
      maxPerOrder: 2,
      plans: [basic(perUnit(yen), T('1台', 'One pushchair'))],
      tags: ['rental', 'family'],
      icon: 'stroller',
    },
  );
}

function wheelchair(parkSlug: string): ItemSeed {
  return item(
    parkSlug,
    'wheelchair',
    5,
    T('車いす貸出予約（無料）', 'Wheelchair loan (free, reservation)'),
    T(
      '車いすを無料で貸し出しています。確実にご利用いただけるよう、事前のご予約をおすすめします。受け取り時に「利用する」ボタンを押してください。',
      'Wheelchairs are lent free of charge. We recommend reserving one in advance. Tap “Use” when you collect it.',
    ),
    {
      label: 4,
      combinationLabel: 1,
      usageTrigger: 3,
      reservationRequired: true,
      rewardCoins: 0,
      dailyCapacity: 10,
      maxPerOrder: 1,
      applicationDeadlineDays: 1,
      applicationDeadlineTime: '17:00',
      plans: [basic(perUnit(0), T('1台', 'One wheelchair'))],
      tags: ['barrier-free', 'rental', 'free'],
      icon: 'wheelchair',
    },
  );
}

function voucher(
  parkSlug: string,
  id: string,
  name: Text,
  description: Text,
  yen: number,
  icon: ItemIcon,
  tags: string[],
): ItemSeed {
  return item(parkSlug, id, 4, name, description, {
    notes: T(
      '店舗で画面の「利用する」ボタンを店員の前で押してください。ご利用は購入日から90日以内です。',
      'Tap “Use” in front of shop staff. Valid for 90 days from purchase.',
    ),
    usageTrigger: 3,
    rewardCoins: 5,
    dailyCapacity: 300,
    maxPerOrder: 10,
    shareableUntil: 90,
    plans: [basic(perUnit(yen), T('1枚', 'One voucher'))],
    tags: ['voucher', ...tags],
    icon,
  });
}

function quest(
  parkSlug: string,
  name: Text,
  description: Text,
  p: PriceSet | null,
  tags: string[] = ['mystery', 'kids'],
): ItemSeed {
  const free = p === null;
  return item(parkSlug, free ? 'stamp-rally' : 'quest', 2, name, description, {
    notes: T(
      'ご利用日当日、チケット画面のリンクからクエストページを開いてスタートします。スマートフォンの充電を十分にしてお越しください。',
      'On the day, open the quest page from the link on your ticket to start. Please bring a well-charged smartphone.',
    ),
    label: free ? 99 : 4,
    combinationLabel: free ? 3 : 99,
    usageTrigger: 2,
    rewardCoins: free ? 20 : 40,
    dailyCapacity: 400,
    shareableUntil: free ? null : 60,
    plans: [basic(p ?? allAges(0))],
    tags: free ? [...tags, 'free'] : tags,
    icon: free ? 'map' : 'puzzle',
  });
}

// ---------------------------------------------------------------------------------------------
// Items per park

export const ITEMS: readonly ItemSeed[] = [
  // Asahiyama
  admission('asahiyama-zoo', prices(0, 0, 0, 1000, 1000, 1000), 0),
  item(
    'asahiyama-zoo',
    'penguin-walk-seats',
    1,
    T('ペンギンの散歩 最前列観覧エリア（抽選）', 'Penguin walk front-row viewing area (lottery)'),
    T(
      '冬の名物「ペンギンの散歩」を、コース沿いの最前列エリアから観覧できる無料の抽選券です。当選された方は観覧位置をお選びいただけます。',
      'A free lottery for front-row places along the route of our famous winter penguin walk. Winners can choose their viewing spot.',
    ),
    {
      label: 3,
      combinationLabel: 2,
      lottery: true,
      waitlist: true,
      seatSelection: true,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 20,
      dailyCapacity: 60,
      applicationDeadlineDays: 3,
      notes: T(
        '散歩は積雪状況やペンギンの体調により中止になることがあります。別途入園券が必要です。',
        'The walk may be cancelled depending on snow and the penguins’ condition. Admission is charged separately.',
      ),
      plans: [basic(allAges(0))],
      timeSlots: slots(30, '11:00', '14:30'),
      tags: ['seasonal', 'free', 'limited'],
      icon: 'seat',
    },
  ),
  item(
    'asahiyama-zoo',
    'night-guide',
    1,
    T('夜の動物園 ナイトガイドツアー', 'Night zoo guided tour'),
    T(
      '夜間開園の日に、飼育員の案内で夜行性の動物たちや夜のほっきょくぐま館をめぐるガイドツアーです。',
      'On late-opening nights, a keeper leads you to the nocturnal animals and the polar bear house after dark.',
    ),
    {
      label: 2,
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 6,
      rewardCoins: 30,
      dailyCapacity: 40,
      applicationDeadlineDays: 2,
      notes: T(
        '所要時間約50分。懐中電灯の使用はご遠慮ください。別途入園券が必要です。',
        'About 50 minutes. Please do not use torches. Admission is charged separately.',
      ),
      plans: [basic(prices(500, 500, 500, 1500, 1500, 1500))],
      timeSlots: slots(20, '18:30', '19:30'),
      cancellation: STANDARD_CANCEL,
      tags: ['night', 'guided-tour'],
      icon: 'moon',
    },
  ),
  quest(
    'asahiyama-zoo',
    T('旭山ZOO 行動展示スタンプラリー', 'Asahiyama Zoo behavioural exhibit stamp rally'),
    T(
      '園内の各施設にあるQRコードを読み取ってスタンプを集めるデジタルスタンプラリーです。全部そろえると限定の壁紙がもらえます。',
      'A digital stamp rally: scan the QR codes at each exhibit to collect stamps, and complete the set to unlock a limited-edition wallpaper.',
    ),
    null,
    ['stamp-rally', 'kids'],
  ),
  voucher(
    'asahiyama-zoo',
    'ramen-voucher',
    T('旭川ラーメン お食事券', 'Asahikawa ramen meal voucher'),
    T(
      '園内レストランでご当地の旭川しょうゆラーメン1杯と交換できます。',
      'Exchange for a bowl of local Asahikawa soy-sauce ramen at the zoo restaurant.',
    ),
    1000,
    'food',
    ['restaurant'],
  ),
  // Maruyama
  admission('maruyama-zoo', prices(0, 0, 0, 400, 800, 800), 0),
  item(
    'maruyama-zoo',
    'sika-feeding',
    1,
    T('エゾシカの餌やり体験', 'Ezo sika deer feeding'),
    T(
      '飼育員と一緒にエゾシカに木の葉や野菜をあげる体験です。間近で見るエゾシカの迫力を感じてください。',
      'Feed leaves and vegetables to the Ezo sika deer alongside a keeper and feel their presence up close.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 5,
      rewardCoins: 20,
      dailyCapacity: 40,
      applicationDeadlineDays: 1,
      applicationDeadlineTime: '17:00',
      notes: T(
        '小学生以下は保護者の同伴が必要です。別途入園券が必要です。',
        'Children of elementary age and under must be accompanied by an adult. Admission is charged separately.',
      ),
      plans: [basic(allAges(300)), addOn(T('記念写真付き', 'With a souvenir photo'), allAges(500))],
      timeSlots: slots(10, '10:30', '13:30', '15:00'),
      cancellation: SHORT_CANCEL,
      excludedDays: [9, 23],
      tags: ['feeding', 'touching', 'family'],
      icon: 'food',
    },
  ),
  item(
    'maruyama-zoo',
    'guided-tour',
    1,
    T('ガイドツアー「寒さに強い動物たち」', 'Guided tour: animals built for the cold'),
    T(
      '教育普及担当のスタッフが、ホッキョクグマやユキヒョウなど寒い地域の動物の体のしくみを解説しながら園内をご案内します（無料・要予約）。',
      'An education officer guides you round the zoo, explaining how polar bears, snow leopards and other cold-climate animals are built for the cold (free, booking required).',
    ),
    {
      combinationLabel: 1,
      reservationRequired: true,
      minimumParticipant: 2,
      maxPerOrder: 8,
      rewardCoins: 15,
      dailyCapacity: 30,
      applicationDeadlineDays: 1,
      notes: T(
        '2名以上でお申し込みください。所要時間約60分。別途入園券が必要です。',
        'For groups of two or more. About 60 minutes. Admission is charged separately.',
      ),
      plans: [basic(allAges(0))],
      timeSlots: slots(15, '10:00', '14:00'),
      tags: ['guided-tour', 'free'],
      icon: 'map',
    },
  ),
  parking('maruyama-zoo', 700, 300, T('正門駐車場 利用券（普通車）', 'Main gate car park ticket (standard car)')),
  voucher(
    'maruyama-zoo',
    'goods-voucher',
    T('ホッキョクグマぬいぐるみ引換券', 'Polar bear plush voucher'),
    T(
      '園内ショップで円山動物園オリジナルのホッキョクグマのぬいぐるみ（Mサイズ）と交換できます。',
      'Exchange for a medium-sized Maruyama Zoo original polar bear plush at the zoo shop.',
    ),
    2500,
    'gift',
    ['shop'],
  ),
  // Sendai
  admission(
    'sendai-umino-mori',
    prices(700, 1200, 1700, 1700, 2400, 1800),
    1200,
    T(
      '幼児料金は4歳以上の未就学児、3歳以下は無料です。シニアは65歳以上です。',
      'The infant price is for preschool children aged 4 and over; age 3 and under is free. Seniors are 65 and over.',
    ),
  ),
  item(
    'sendai-umino-mori',
    'performance-seats',
    1,
    T('イルカ・アシカパフォーマンス 指定席', 'Dolphin and sea lion performance reserved seats'),
    T(
      'うみの杜スタジアムで行うイルカとアシカのパフォーマンスを、見やすい中央エリアの指定席で観覧できます。座席はご購入時にお選びいただけます。',
      'Reserved seats in the best central section of the Umino-Mori stadium for the dolphin and sea lion performance. Choose your seats when you buy.',
    ),
    {
      combinationLabel: 4,
      seatSelection: true,
      reservationRequired: true,
      maxPerOrder: 6,
      rewardCoins: 15,
      dailyCapacity: 180,
      notes: T(
        '前方の席は水しぶきがかかることがあります。別途入館券が必要です。',
        'Front rows may get splashed. Admission is charged separately.',
      ),
      plans: [basic(prices(300, 500, 500, 500, 500, 500))],
      timeSlots: slots(60, '11:00', '13:30', '15:30'),
      cancellation: SHORT_CANCEL,
      tags: ['performance'],
      icon: 'seat',
    },
  ),
  item(
    'sendai-umino-mori',
    'backyard-tour',
    1,
    T('バックヤードツアー「三陸の海の裏側」', 'Backyard tour: behind the Sanriku sea'),
    T(
      '大水槽の上からマイワシの群れを見下ろし、ろ過設備や調餌場を見学するツアーです。',
      'Look down on the sardine school from above the giant tank and visit the filtration plant and food kitchen.',
    ),
    {
      label: 5,
      combinationLabel: 4,
      reservationRequired: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 30,
      dailyCapacity: 24,
      applicationDeadlineDays: 3,
      notes: T(
        '小学生以上が対象です。動きやすい服装でご参加ください。',
        'For ages 6 and over. Please wear comfortable clothes.',
      ),
      plans: [basic(prices(null, 800, 1000, 1000, 1000, 1000))],
      timeSlots: slots(12, '10:30', '14:00'),
      cancellation: STANDARD_CANCEL,
      tags: ['backyard-tour'],
      icon: 'key',
    },
  ),
  quest(
    'sendai-umino-mori',
    T('うみの杜 謎解きミッション「消えた真珠のゆくえ」', 'Umino-Mori puzzle mission: the missing pearl'),
    T(
      '館内の展示に隠されたヒントを集めて、消えた真珠の行方を推理する謎解きゲームです。',
      'Gather clues hidden among the exhibits to work out what happened to the missing pearl.',
    ),
    prices(400, 400, 600, 600, 600, 600),
  ),
  annualPass('sendai-umino-mori', prices(1400, 2400, 3400, 3400, 4800, 3600)),
  voucher(
    'sendai-umino-mori',
    'food-voucher',
    T('フードコート お食事券（1,000円分）', 'Food court voucher (1,000 yen)'),
    T(
      '館内のフードコートで1,000円分のお食事にご利用いただけます。',
      'Worth 1,000 yen towards a meal at the aquarium food court.',
    ),
    1000,
    'food',
    ['restaurant'],
  ),
  // Ueno
  admission(
    'ueno-zoo',
    prices(0, 0, 200, 600, 600, 300),
    0,
    T(
      '都内在住・在学の中学生は無料です（生徒手帳をご提示ください）。',
      'Junior-high students living or studying in Tokyo enter free (show your student ID).',
    ),
  ),
  annualPass('ueno-zoo', prices(null, null, 800, 2400, 2400, 1200)),
  item(
    'ueno-zoo',
    'backyard-tour',
    1,
    T('バックヤードツアー「ゾウのすむ森」', 'Backyard tour: the elephant forest'),
    T(
      'ゾウ舎の裏側で、飼育員がゾウの食事や足のお手入れについて解説します。抽選で参加者を決定し、落選時はキャンセル待ちに登録できます。',
      'Go behind the elephant house as keepers explain how the elephants are fed and how their feet are cared for. Places are drawn by lottery, and unsuccessful applicants can join the waitlist.',
    ),
    {
      label: 3,
      combinationLabel: 4,
      reservationRequired: true,
      lottery: true,
      waitlist: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 50,
      dailyCapacity: 20,
      applicationDeadlineDays: 7,
      applicationDeadlineTime: '17:00',
      notes: T(
        '2名以上でお申し込みください。小学生以上が対象です。お支払いはクレジットカードのみです。別途入園券が必要です。',
        'Apply for two or more people. Ages 6 and over. Credit card payment only. Admission is charged separately.',
      ),
      plans: [
        basic(prices(null, 1000, 1000, 2000, 2000, 2000)),
        addOn(T('記念写真付き', 'With a souvenir photo'), allAges(500)),
      ],
      timeSlots: slots(10, '10:00', '14:00'),
      excludedDays: [14, 28, 42],
      cancellation: STANDARD_CANCEL,
      tags: ['backyard-tour', 'limited'],
      icon: 'key',
    },
  ),
  quest(
    'ueno-zoo',
    T('謎解きクエスト「上野の森の動物探偵」', 'Puzzle quest: animal detectives of Ueno'),
    T(
      '東園と西園をめぐりながら、動物たちにまつわる謎を解いていく探偵ゲームです。所要時間の目安は約90分です。',
      'A detective game across the East and West Gardens, solving riddles about the animals. Allow about 90 minutes.',
    ),
    prices(500, 500, 800, 800, 800, 800),
  ),
  stroller('ueno-zoo', 500),
  item(
    'ueno-zoo',
    'keeper-talk',
    1,
    T('キーパーズトーク（自由参加）', 'Keeper talks (drop-in)'),
    T(
      '飼育員が動物の解説をするトークイベントです。申し込みは不要で、どなたでも自由にご参加いただけます。',
      'Keepers talk about their animals. No booking is needed; just come along.',
    ),
    {
      label: 99,
      combinationLabel: 3,
      usageTrigger: 0,
      rewardCoins: 0,
      dailyCapacity: 500,
      notes: T(
        '開催日時と場所は当日の園内掲示でご確認ください。',
        'See the notice boards on the day for times and places.',
      ),
      plans: [basic(allAges(0))],
      tags: ['guided-tour', 'free'],
      icon: 'paw',
    },
  ),
  // Kasai
  admission(
    'kasai-sea-life-park',
    prices(0, 0, 250, 700, 700, 350),
    0,
    T('都内在住・在学の中学生は無料です。', 'Free for junior-high students living or studying in Tokyo.'),
  ),
  annualPass('kasai-sea-life-park', prices(null, null, 1000, 2800, 2800, 1400)),
  item(
    'kasai-sea-life-park',
    'seabird-workshop',
    1,
    T('海鳥観察ワークショップ（無料・要予約）', 'Seabird-watching workshop (free, booking required)'),
    T(
      'エトピリカやウミガラスの観察のコツを学び、スケッチしながら行動を記録するワークショップです。',
      'Learn how to watch tufted puffins and common murres, and record their behaviour in sketches.',
    ),
    {
      combinationLabel: 1,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 15,
      dailyCapacity: 40,
      applicationDeadlineDays: 2,
      notes: T(
        '小学3年生以上が対象です。筆記用具をお持ちください。',
        'For children in grade 3 and above. Please bring something to write with.',
      ),
      plans: [basic(prices(null, 0, 0, 0, 0, 0))],
      timeSlots: slots(20, '10:30', '13:30'),
      tags: ['workshop', 'free', 'kids'],
      icon: 'star',
    },
  ),
  quest(
    'kasai-sea-life-park',
    T('東京の海 謎解きラリー', 'Tokyo sea puzzle rally'),
    T(
      '東京湾から伊豆・小笠原諸島まで、東京の海の生きものにまつわる謎を解くラリーです。',
      'A rally of riddles about the sea life of Tokyo, from Tokyo Bay to the Izu and Ogasawara islands.',
    ),
    prices(300, 300, 500, 500, 500, 500),
  ),
  item(
    'kasai-sea-life-park',
    'audio-guide',
    5,
    T('音声ガイド（日本語・英語）', 'Audio guide (Japanese and English)'),
    T(
      'ご自身のスマートフォンで聞ける音声ガイドです。主な水槽の見どころを飼育員の声で紹介します。',
      'An audio guide for your own smartphone, with keepers introducing the highlights of the main tanks.',
    ),
    {
      usageTrigger: 2,
      rewardCoins: 5,
      dailyCapacity: 1000,
      notes: T('イヤホンをご持参ください。', 'Please bring your own earphones.'),
      plans: [basic(allAges(300))],
      tags: ['rental'],
      icon: 'headphones',
    },
  ),
  // Kamogawa
  admission(
    'kamogawa-sea-world',
    prices(1800, 1800, 1800, 3000, 3000, 3000),
    1500,
    T(
      '小人料金は4歳から中学生まで、3歳以下は無料です。',
      'The child price covers ages 4 to junior high school; age 3 and under is free.',
    ),
  ),
  item(
    'kamogawa-sea-world',
    'orca-seats',
    1,
    T('シャチパフォーマンス 前方指定席', 'Orca performance front reserved seats'),
    T(
      'オーシャンスタジアムの前方エリアの指定席です。シャチの大ジャンプと水しぶきを間近で体感できます。座席はご購入時にお選びください。',
      'Reserved seats in the front section of the Ocean Stadium, where you can feel the orcas’ leaps and the spray up close. Choose your seats when you buy.',
    ),
    {
      combinationLabel: 4,
      seatSelection: true,
      reservationRequired: true,
      maxPerOrder: 6,
      rewardCoins: 20,
      dailyCapacity: 240,
      notes: T(
        '水しぶきで濡れることがあります。カッパのご用意をおすすめします。別途入園券が必要です。',
        'You will probably get wet — a raincoat is recommended. Admission is charged separately.',
      ),
      plans: [basic(allAges(1000))],
      timeSlots: slots(80, '11:30', '14:00', '16:00'),
      cancellation: SHORT_CANCEL,
      tags: ['performance'],
      icon: 'seat',
    },
  ),
  item(
    'kamogawa-sea-world',
    'beluga-encounter',
    1,
    T('ベルーガとのふれあい体験（抽選）', 'Beluga encounter (lottery)'),
    T(
      'トレーナーと一緒にプールサイドでベルーガにふれ、合図を出す体験です。少人数制のため抽選で参加者を決定します。',
      'Meet the belugas at the poolside with a trainer, touch them and give them a cue. Places are limited and drawn by lottery.',
    ),
    {
      label: 3,
      combinationLabel: 4,
      reservationRequired: true,
      lottery: true,
      waitlist: true,
      maxPerOrder: 3,
      rewardCoins: 80,
      dailyCapacity: 12,
      applicationDeadlineDays: 7,
      notes: T(
        '小学生以上が対象です。小学生は保護者の参加が必要です。お支払いはクレジットカードのみです。',
        'Ages 6 and over; children must take part with a parent. Credit card payment only.',
      ),
      plans: [
        basic(prices(null, 4000, 5000, 5000, 5000, 5000)),
        addOn(T('写真データ付き', 'With photo data'), allAges(1000)),
      ],
      timeSlots: slots(6, '10:30', '15:00'),
      excludedDays: [10, 24],
      cancellation: STANDARD_CANCEL,
      tags: ['touching', 'limited'],
      icon: 'hand',
    },
  ),
  parking('kamogawa-sea-world', 1000, 1000),
  stroller('kamogawa-sea-world', 300),
  voucher(
    'kamogawa-sea-world',
    'lunch-voucher',
    T('レストラン「オーシャン」ランチ券', 'Restaurant Ocean lunch voucher'),
    T(
      'シャチのプールを眺めながら食事ができるレストランで、日替わりランチと交換できます。',
      'Exchange for the daily lunch at the restaurant overlooking the orca pool.',
    ),
    1800,
    'food',
    ['restaurant'],
  ),
  // Zoorasia
  admission(
    'zoorasia',
    prices(0, 200, 200, 300, 800, 300),
    0,
    T(
      '65歳以上の料金は横浜市在住の方が対象です。毎週土曜日は小・中・高校生が無料です。',
      'The senior price is for Yokohama residents. Students up to high school enter free on Saturdays.',
    ),
  ),
  item(
    'zoorasia',
    'giraffe-feeding',
    1,
    T('キリンの餌やり体験', 'Giraffe feeding'),
    T(
      'アフリカのサバンナゾーンで、キリンに木の葉をあげる体験です。長い舌で葉を巻き取る様子を目の前で観察できます。',
      'Feed leaves to the giraffes in the African savanna zone and watch their long tongues at work right in front of you.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 5,
      rewardCoins: 20,
      dailyCapacity: 40,
      applicationDeadlineDays: 1,
      notes: T('3歳以上が対象です。別途入園券が必要です。', 'Ages 3 and over. Admission is charged separately.'),
      plans: [
        basic(prices(500, 500, 500, 500, 500, 500)),
        addOn(T('記念写真付き', 'With a souvenir photo'), allAges(500)),
      ],
      timeSlots: slots(20, '11:00', '14:00'),
      cancellation: SHORT_CANCEL,
      tags: ['feeding', 'family'],
      icon: 'food',
    },
  ),
  item(
    'zoorasia',
    'night-tour',
    1,
    T('ナイトズーラシア ガイドツアー', 'Night Zoorasia guided tour'),
    T(
      '夜の動物園を飼育員の案内でめぐる特別ツアーです。夜行性の動物たちの活発な姿を観察します。',
      'A special keeper-led tour of the zoo at night, watching nocturnal animals at their liveliest.',
    ),
    {
      label: 2,
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 30,
      dailyCapacity: 30,
      applicationDeadlineDays: 3,
      notes: T('所要時間約60分。雨天決行、荒天中止です。', 'About 60 minutes. Held in rain, cancelled in storms.'),
      plans: [basic(prices(500, 500, 800, 1000, 1000, 1000))],
      timeSlots: slots(15, '18:00', '19:00'),
      cancellation: STANDARD_CANCEL,
      tags: ['night', 'guided-tour'],
      icon: 'moon',
    },
  ),
  quest(
    'zoorasia',
    T('8つのゾーン スタンプラリー', 'Eight-zone stamp rally'),
    T(
      '世界の気候帯を再現した8つのゾーンをめぐるデジタルスタンプラリーです。',
      'A digital stamp rally around the eight zones that recreate the world’s climate regions.',
    ),
    null,
    ['stamp-rally', 'kids'],
  ),
  parking('zoorasia', 1000, 1500),
  wheelchair('zoorasia'),
  // Higashiyama
  admission(
    'higashiyama-zoo',
    prices(0, 0, 0, 500, 500, 500),
    0,
    T(
      '名古屋市在住の65歳以上の方は割引があります（入口で証明書をご提示ください）。',
      'Nagoya residents aged 65 and over receive a discount (show proof at the entrance).',
    ),
  ),
  annualPass('higashiyama-zoo', prices(null, null, null, 2000, 2000, 2000)),
  item(
    'higashiyama-zoo',
    'koala-morning',
    1,
    T('コアラ舎 早朝見学ツアー', 'Early-morning koala house tour'),
    T(
      '開園前の静かなコアラ舎で、コアラの朝の食事の様子を観察するツアーです。飼育員がユーカリの選び方も解説します。',
      'Watch the koalas’ breakfast in the quiet koala house before opening, while a keeper explains how the eucalyptus is chosen.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      lottery: true,
      waitlist: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 40,
      dailyCapacity: 15,
      applicationDeadlineDays: 5,
      notes: T(
        '開園前の8:20に正門にお集まりください。入園料込みの料金です。',
        'Meet at the main gate at 8:20 before opening. Admission is included.',
      ),
      plans: [basic(prices(null, 1000, 1000, 1500, 1500, 1500))],
      timeSlots: slots(15, '08:30'),
      excludedDays: [6, 20],
      cancellation: STANDARD_CANCEL,
      tags: ['guided-tour', 'limited'],
      icon: 'key',
    },
  ),
  quest(
    'higashiyama-zoo',
    T('東山 謎解きウォーク', 'Higashiyama puzzle walk'),
    T(
      '動物園と植物園の両方をめぐる謎解きウォークです。広い園内を歩きながら、植物と動物のつながりを発見しましょう。',
      'A puzzle walk through both the zoo and the botanical garden, discovering how plants and animals are connected.',
    ),
    prices(500, 500, 800, 800, 800, 800),
  ),
  parking('higashiyama-zoo', 800, 1000),
  voucher(
    'higashiyama-zoo',
    'curry-voucher',
    T('動物園レストラン カレー引換券', 'Zoo restaurant curry voucher'),
    T(
      '園内レストランで人気のカレーライス1皿と交換できます。',
      'Exchange for a plate of the zoo restaurant’s popular curry rice.',
    ),
    900,
    'food',
    ['restaurant'],
  ),
  // Nagoya Port
  admission(
    'nagoya-port-aquarium',
    prices(500, 1010, 1010, 2030, 2030, 2030),
    1010,
    T('幼児料金は4歳以上、3歳以下は無料です。', 'The infant price is for ages 4 and over; age 3 and under is free.'),
  ),
  annualPass('nagoya-port-aquarium', prices(1000, 2050, 2050, 4100, 4100, 4100)),
  item(
    'nagoya-port-aquarium',
    'dolphin-seats',
    1,
    T('イルカパフォーマンス 指定席', 'Dolphin performance reserved seats'),
    T(
      '国内最大級のメインプールで行うイルカパフォーマンスを、正面エリアの指定席で観覧できます。',
      'Reserved seats facing the centre of one of Japan’s largest pools for the dolphin performance.',
    ),
    {
      combinationLabel: 4,
      seatSelection: true,
      reservationRequired: true,
      maxPerOrder: 6,
      rewardCoins: 15,
      dailyCapacity: 300,
      notes: T('別途入館券が必要です。', 'Admission is charged separately.'),
      plans: [basic(prices(300, 600, 600, 600, 600, 600))],
      timeSlots: slots(100, '10:30', '13:00', '15:00'),
      cancellation: SHORT_CANCEL,
      tags: ['performance'],
      icon: 'seat',
    },
  ),
  item(
    'nagoya-port-aquarium',
    'backyard-orca',
    1,
    T('バックヤードツアー「シャチの裏側」', 'Backyard tour: behind the orca pool'),
    T(
      'シャチのプールの上や調餌場を見学し、シャチの健康管理についてトレーナーが解説したツアーです（受付終了）。',
      'A tour above the orca pool and through the food kitchen, with trainers explaining how the orcas’ health is managed (now closed).',
    ),
    {
      label: 6,
      combinationLabel: 4,
      reservationRequired: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 40,
      dailyCapacity: 20,
      applicationDeadlineDays: 5,
      plans: [basic(prices(null, 1500, 1500, 2500, 2500, 2500))],
      timeSlots: slots(10, '10:00', '14:30'),
      cancellation: STANDARD_CANCEL,
      tags: ['backyard-tour'],
      icon: 'key',
    },
  ),
  parking(
    'nagoya-port-aquarium',
    1000,
    800,
    T('ガーデンふ頭駐車場 利用券（普通車）', 'Garden Pier car park ticket (standard car)'),
  ),
  voucher(
    'nagoya-port-aquarium',
    'orca-plush',
    T('シャチのぬいぐるみ引換券', 'Orca plush voucher'),
    T(
      'ミュージアムショップで名古屋港水族館オリジナルのシャチのぬいぐるみと交換できます。',
      'Exchange for a Port of Nagoya Public Aquarium original orca plush at the museum shop.',
    ),
    2800,
    'gift',
    ['shop'],
  ),
  // Tennoji
  admission(
    'tennoji-zoo',
    prices(0, 200, 200, 500, 500, 500),
    0,
    T(
      '大阪市内在住・在学の小・中学生は無料です。',
      'Free for elementary and junior-high students living or studying in Osaka City.',
    ),
  ),
  item(
    'tennoji-zoo',
    'night-zoo',
    0,
    T('ナイトZOO 夜間入園券', 'Night Zoo evening admission'),
    T(
      '夜間開園の日の17時以降にご入園いただける入園券です。夕暮れから夜にかけての動物たちの姿をお楽しみください。',
      'Admission from 17:00 on late-opening nights, to enjoy the animals from dusk into the evening.',
    ),
    {
      label: 3,
      disabilityPrice: 0,
      rewardCoins: 20,
      dailyCapacity: 2000,
      shareableUntil: 120,
      notes: T(
        '夜間開園日のみ有効です。17時以降の入園となります。',
        'Valid on late-opening nights only, for entry from 17:00.',
      ),
      plans: [basic(prices(0, 200, 200, 500, 500, 500))],
      tags: ['night', 'seasonal'],
      icon: 'moon',
    },
  ),
  item(
    'tennoji-zoo',
    'savanna-tour',
    1,
    T('飼育員ガイドツアー「アフリカサバンナ」', 'Keeper-led tour: African savanna'),
    T(
      'キリンやサイ、カバが暮らすアフリカサバンナゾーンを、飼育員の解説を聞きながら歩く無料ツアーです（要予約）。',
      'A free walk through the African savanna zone with giraffes, rhinos and hippos, guided by a keeper (booking required).',
    ),
    {
      combinationLabel: 1,
      reservationRequired: true,
      minimumParticipant: 2,
      maxPerOrder: 6,
      rewardCoins: 15,
      dailyCapacity: 30,
      applicationDeadlineDays: 1,
      plans: [basic(allAges(0))],
      timeSlots: slots(15, '11:00', '14:30'),
      tags: ['guided-tour', 'free'],
      icon: 'map',
    },
  ),
  quest(
    'tennoji-zoo',
    T('天王寺ZOO 謎解きクエスト「消えた飼育日誌」', 'Tennoji Zoo puzzle quest: the missing keeper’s diary'),
    T(
      '園内に散らばった飼育日誌のページを見つけて、最後の謎を解き明かすクエストです。',
      'Find the scattered pages of a keeper’s diary around the zoo and solve the final mystery.',
    ),
    prices(500, 500, 700, 700, 700, 700),
  ),
  voucher(
    'tennoji-zoo',
    'drink-voucher',
    T('てんしばカフェ ドリンク引換券', 'Tenshiba café drink voucher'),
    T(
      'てんしばゲート近くのカフェで、お好きなドリンク1杯と交換できます。',
      'Exchange for any one drink at the café by the Tenshiba gate.',
    ),
    500,
    'cup',
    ['restaurant'],
  ),
  // Kaiyukan
  admission(
    'kaiyukan',
    prices(700, 1400, 1400, 2700, 2700, 2400),
    1350,
    T(
      '入館料は日によって変動します。表示の料金は通常日の料金です。',
      'Admission varies by day; the prices shown are for standard days.',
    ),
  ),
  item(
    'kaiyukan',
    'night-tour',
    1,
    T('夜の海遊館 ナイトツアー', 'Kaiyukan after-dark tour'),
    T(
      '閉館後の館内を少人数でめぐり、夜の「太平洋」水槽でジンベエザメが眠るように泳ぐ姿を観察します。',
      'A small-group tour after closing to watch the whale shark drift through the darkened Pacific Ocean tank.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 60,
      dailyCapacity: 20,
      applicationDeadlineDays: 3,
      notes: T('入館料込みの料金です。小学生以上が対象です。', 'Admission is included. Ages 6 and over.'),
      plans: [basic(prices(null, 2000, 2000, 3500, 3500, 3500))],
      timeSlots: slots(20, '20:30'),
      excludedDays: [12, 26],
      cancellation: STANDARD_CANCEL,
      tags: ['night', 'guided-tour', 'limited'],
      icon: 'moon',
    },
  ),
  item(
    'kaiyukan',
    'whale-shark-feeding',
    1,
    T('バックヤードツアー「ジンベエザメの給餌」', 'Backyard tour: whale shark feeding'),
    T(
      '「太平洋」水槽の水面近くから、ジンベエザメの給餌の様子を見学するツアーです。人気のため抽選制です。',
      'Watch the whale shark being fed from just above the surface of the Pacific Ocean tank. Popular, so places are drawn by lottery.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      lottery: true,
      waitlist: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 50,
      dailyCapacity: 16,
      applicationDeadlineDays: 7,
      notes: T(
        '2名以上でお申し込みください。お支払いはクレジットカードのみです。',
        'Apply for two or more people. Credit card payment only.',
      ),
      plans: [basic(prices(null, 1500, 1500, 2500, 2500, 2500))],
      timeSlots: slots(8, '11:00', '15:00'),
      cancellation: STANDARD_CANCEL,
      tags: ['backyard-tour', 'feeding'],
      icon: 'fish',
    },
  ),
  item(
    'kaiyukan',
    'audio-guide',
    5,
    T('音声ガイド「環太平洋の旅」', 'Audio guide: a journey round the Pacific'),
    T(
      'スマートフォンで聞ける音声ガイドです。14の水槽の見どころを日本語と英語で紹介します。',
      'A smartphone audio guide introducing the highlights of 14 tanks in Japanese and English.',
    ),
    {
      usageTrigger: 2,
      rewardCoins: 5,
      dailyCapacity: 1000,
      plans: [basic(allAges(500))],
      tags: ['rental'],
      icon: 'headphones',
    },
  ),
  item(
    'kaiyukan',
    'members-morning',
    1,
    T('年間パスポート会員限定 早朝観覧会', 'Annual pass members’ early viewing'),
    T(
      '年間パスポート会員の方だけがお申し込みいただける、開館前の特別観覧会です。',
      'A special pre-opening viewing for annual pass members only.',
    ),
    {
      label: 1,
      combinationLabel: 2,
      lottery: true,
      reservationRequired: true,
      maxPerOrder: 2,
      rewardCoins: 20,
      dailyCapacity: 100,
      notes: T('会員専用のリンクからのみお申し込みいただけます。', 'Applications only through the members’ link.'),
      plans: [basic(allAges(0))],
      timeSlots: slots(100, '08:30'),
      tags: ['annual-pass', 'limited', 'free'],
      icon: 'star',
    },
  ),
  voucher(
    'kaiyukan',
    'whale-shark-plush',
    T('ジンベエザメぬいぐるみ引換券', 'Whale shark plush voucher'),
    T(
      'ショップで海遊館オリジナルのジンベエザメのぬいぐるみと交換できます。',
      'Exchange for a Kaiyukan original whale shark plush at the shop.',
    ),
    3000,
    'gift',
    ['shop'],
  ),
  // Oji
  admission('oji-zoo', prices(0, 0, 0, 600, 600, 600), 0),
  annualPass('oji-zoo', prices(null, null, null, 2000, 2000, 2000)),
  item(
    'oji-zoo',
    'guinea-pig',
    1,
    T('ふれあい広場 モルモットとのふれあい', 'Petting area: meet the guinea pigs'),
    T(
      'ふれあい広場でモルモットをひざにのせてふれあうことができます。申し込み不要、どなたでも参加できます。',
      'Hold a guinea pig on your lap in the petting area. No booking needed; anyone can join.',
    ),
    {
      label: 99,
      combinationLabel: 3,
      usageTrigger: 0,
      rewardCoins: 0,
      dailyCapacity: 300,
      notes: T(
        'ふれあいの前後は手洗いをお願いします。実施時間は園内掲示をご確認ください。',
        'Please wash your hands before and after. See the notices for times.',
      ),
      plans: [basic(allAges(0))],
      tags: ['touching', 'free', 'kids'],
      icon: 'paw',
    },
  ),
  item(
    'oji-zoo',
    'rides',
    3,
    T('遊園地 のりもの回数券（5回分）', 'Amusement rides ticket book (5 rides)'),
    T(
      '園内の遊園地の観覧車やメリーゴーラウンドなどで使える回数券です。',
      'A book of five tickets for the Ferris wheel, merry-go-round and other rides in the zoo’s amusement area.',
    ),
    {
      usageTrigger: 1,
      rewardCoins: 5,
      dailyCapacity: 500,
      shareableUntil: 60,
      notes: T('のりものによって必要な枚数が異なります。', 'Some rides need more than one ticket.'),
      plans: [basic(perUnit(1000), T('5回分', 'Five rides'))],
      tags: ['family', 'kids'],
      icon: 'ticket',
    },
  ),
  voucher(
    'oji-zoo',
    'lunch-voucher',
    T('動物園ランチセット引換券', 'Zoo lunch set voucher'),
    T(
      '園内レストランで、ランチセット（メイン・ドリンク付き）と交換できます。',
      'Exchange for a lunch set with a main dish and a drink at the zoo restaurant.',
    ),
    1000,
    'food',
    ['restaurant'],
  ),
  // Kyoto
  admission('kyoto-city-zoo', prices(0, 0, 0, 750, 750, 750), 0),
  annualPass('kyoto-city-zoo', prices(null, null, null, 2000, 2000, 2000)),
  item(
    'kyoto-city-zoo',
    'gorilla-class',
    1,
    T('ゴリラ観察講座（無料・要予約）', 'Gorilla observation class (free, booking required)'),
    T(
      'ゴリラのおうちの前で、研究者とともにゴリラの行動を観察・記録する講座です。',
      'Observe and record the gorillas’ behaviour in front of the gorilla house, together with a researcher.',
    ),
    {
      combinationLabel: 1,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 15,
      dailyCapacity: 30,
      applicationDeadlineDays: 2,
      plans: [basic(prices(null, 0, 0, 0, 0, 0))],
      timeSlots: slots(15, '10:30', '14:00'),
      tags: ['workshop', 'free'],
      icon: 'star',
    },
  ),
  quest(
    'kyoto-city-zoo',
    T('京都の森 いきもの探検クエスト', 'Kyoto Forest wildlife quest'),
    T(
      '京都の里山を再現した「京都の森」で、身近な生きものを探して記録するクエストです。',
      'A quest to find and record familiar wildlife in the Kyoto Forest, a recreation of the local countryside.',
    ),
    prices(300, 300, 500, 500, 500, 500),
  ),
  voucher(
    'kyoto-city-zoo',
    'soft-cream',
    T('森のカフェ ソフトクリーム引換券', 'Forest café soft-serve voucher'),
    T(
      '園内カフェで京都の抹茶ソフトクリームと交換できます。',
      'Exchange for a Kyoto matcha soft-serve ice cream at the zoo café.',
    ),
    400,
    'cup',
    ['restaurant'],
  ),
  // Asa
  admission(
    'asa-zoo',
    prices(0, 0, 0, 170, 510, 170),
    0,
    T('高校生と65歳以上の方は170円です。', 'High-school students and those aged 65 and over pay 170 yen.'),
  ),
  item(
    'asa-zoo',
    'salamander-night',
    1,
    T('オオサンショウウオ 夜の観察会', 'Giant salamander night watch'),
    T(
      '夜になると活発になるオオサンショウウオを、保護センターの研究員の案内で観察します。応募多数の場合は抽選です。',
      'Watch Japanese giant salamanders when they become active at night, guided by a researcher from the conservation centre. Lottery if oversubscribed.',
    ),
    {
      label: 2,
      combinationLabel: 4,
      reservationRequired: true,
      lottery: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 40,
      dailyCapacity: 20,
      applicationDeadlineDays: 7,
      notes: T(
        '小学生以上が対象です。懐中電灯は赤いセロハンを貼ったものをお持ちください。',
        'Ages 6 and over. Please bring a torch covered with red cellophane.',
      ),
      plans: [basic(prices(null, 500, 500, 1000, 1000, 1000))],
      timeSlots: slots(20, '19:00'),
      cancellation: STANDARD_CANCEL,
      tags: ['night', 'workshop'],
      icon: 'moon',
    },
  ),
  item(
    'asa-zoo',
    'giraffe-snack',
    1,
    T('キリンのおやつタイム体験', 'Giraffe snack time'),
    T(
      'キリンにおやつの木の葉をあげる体験です。長い首を伸ばして近づいてくるキリンの大きさを体感してください。',
      'Give the giraffes a snack of leaves and feel just how big they are as they stretch down towards you.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 5,
      rewardCoins: 15,
      dailyCapacity: 30,
      applicationDeadlineDays: 0,
      applicationDeadlineTime: '12:00',
      plans: [basic(allAges(300))],
      timeSlots: slots(15, '13:30', '15:00'),
      cancellation: SHORT_CANCEL,
      tags: ['feeding', 'family'],
      icon: 'food',
    },
  ),
  parking('asa-zoo', 500, 600),
  stroller('asa-zoo', 200),
  // Katsurahama
  admission(
    'katsurahama-aquarium',
    prices(400, 800, 800, 1600, 1600, 1600),
    800,
    T('幼児料金は3歳以上、2歳以下は無料です。', 'The infant price is for ages 3 and over; age 2 and under is free.'),
  ),
  item(
    'katsurahama-aquarium',
    'sea-lion-feeding',
    1,
    T('トドの餌やり体験', 'Steller sea lion feeding'),
    T(
      'トドプールで、トドに魚を投げてあげる体験です。大きな体と迫力のある声を間近で感じられます。当日その場で利用できます。',
      'Toss fish to the Steller sea lions at their pool and feel their size and booming voices up close. Use it any time on the day.',
    ),
    {
      usageTrigger: 3,
      rewardCoins: 10,
      dailyCapacity: 200,
      notes: T(
        '餌のバケツ1杯分の料金です。餌がなくなり次第終了します。',
        'Price per bucket of fish. Ends when the day’s fish run out.',
      ),
      plans: [basic(perUnit(500), T('バケツ1杯', 'One bucket'))],
      tags: ['feeding', 'touching'],
      icon: 'fish',
    },
  ),
  item(
    'katsurahama-aquarium',
    'sea-lion-photo',
    1,
    T('アシカと記念撮影', 'Souvenir photo with a sea lion'),
    T(
      'アシカと並んで記念撮影ができる体験です。撮影はスタッフが行います。',
      'Pose next to a California sea lion for a souvenir photo taken by our staff.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      // A popular slot sells out: the waitlist takes the visitors who missed it.
      waitlist: true,
      maxPerOrder: 5,
      rewardCoins: 20,
      dailyCapacity: 40,
      applicationDeadlineDays: 0,
      applicationDeadlineTime: '12:00',
      plans: [basic(allAges(1000)), addOn(T('写真データ付き', 'With photo data'), allAges(500))],
      timeSlots: slots(10, '11:30', '14:30'),
      cancellation: SHORT_CANCEL,
      tags: ['touching', 'family'],
      icon: 'camera',
    },
  ),
  quest(
    'katsurahama-aquarium',
    T('桂浜水族館 クイズラリー', 'Katsurahama Aquarium quiz rally'),
    T(
      '館内のクイズに答えながら、高知の海と川の生きものについて楽しく学べるラリーです。',
      'Answer quizzes around the aquarium and learn about the creatures of Kochi’s seas and rivers.',
    ),
    null,
    ['stamp-rally', 'kids'],
  ),
  parking(
    'katsurahama-aquarium',
    400,
    300,
    T('桂浜公園駐車場 利用券（普通車）', 'Katsurahama Park car park ticket (standard car)'),
  ),
  // Itozu
  admission(
    'itozu-zoo',
    prices(0, 100, 100, 800, 800, 800),
    400,
    T('幼児は無料です。', 'Preschool children enter free.'),
  ),
  item(
    'itozu-zoo',
    'donkey-ride',
    1,
    T('ロバの乗馬体験', 'Donkey ride'),
    T(
      'ふれあい動物園で、飼育員がひくロバに乗って広場を一周する体験です。',
      'Ride a donkey led by a keeper once round the petting zoo paddock.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 15,
      dailyCapacity: 60,
      applicationDeadlineDays: 0,
      applicationDeadlineTime: '12:00',
      notes: T(
        '3歳から小学生までが対象です（体重30kgまで）。雨天中止です。',
        'For ages 3 to 12 (up to 30 kg). Cancelled in rain.',
      ),
      plans: [basic(prices(300, 300, null, null, null, null))],
      timeSlots: slots(15, '10:30', '13:30', '15:00'),
      cancellation: SHORT_CANCEL,
      tags: ['touching', 'kids'],
      icon: 'paw',
    },
  ),
  item(
    'itozu-zoo',
    'guinea-pig',
    1,
    T('モルモットとのふれあい', 'Meet the guinea pigs'),
    T(
      'ふれあい動物園でモルモットを抱っこできます。申し込みは不要です。',
      'Cuddle a guinea pig at the petting zoo. No booking needed.',
    ),
    {
      label: 99,
      combinationLabel: 3,
      usageTrigger: 0,
      rewardCoins: 0,
      dailyCapacity: 300,
      plans: [basic(allAges(0))],
      tags: ['touching', 'free', 'kids'],
      icon: 'hand',
    },
  ),
  annualPass('itozu-zoo', prices(null, 300, 300, 2000, 2000, 2000)),
  voucher(
    'itozu-zoo',
    'goods-voucher',
    T('オリジナル缶バッジ引換券（3個セット）', 'Original badge voucher (set of 3)'),
    T(
      'ショップで到津の森公園オリジナル缶バッジ3個セットと交換できます。',
      'Exchange for a set of three Itozu no Mori Zoo original badges at the shop.',
    ),
    600,
    'gift',
    ['shop'],
  ),
  // Churaumi
  admission(
    'churaumi-aquarium',
    prices(0, 710, 710, 1440, 2180, 2180),
    1090,
    T(
      '6歳未満は無料です。16時以降は割引料金になります。',
      'Free for children under 6. A discounted price applies after 16:00.',
    ),
  ),
  item(
    'churaumi-aquarium',
    'okichan-seats',
    1,
    T('オキちゃん劇場 ロイヤルシート', 'Okichan Theater royal seats'),
    T(
      'エメラルドビーチと伊江島を望む「オキちゃん劇場」の中央ロイヤルシートです。イルカショーを特等席でお楽しみください。',
      'Central royal seats at the Okichan Theater, overlooking Emerald Beach and Ie Island. Enjoy the dolphin show from the best seats in the house.',
    ),
    {
      combinationLabel: 4,
      seatSelection: true,
      reservationRequired: true,
      maxPerOrder: 6,
      rewardCoins: 15,
      dailyCapacity: 200,
      notes: T(
        '屋外の劇場です。日差し対策をしてお越しください。',
        'The theatre is outdoors, so please protect yourself from the sun.',
      ),
      plans: [basic(prices(500, 1000, 1000, 1000, 1000, 1000))],
      timeSlots: slots(40, '10:30', '11:30', '13:00', '15:00', '17:00'),
      cancellation: SHORT_CANCEL,
      tags: ['performance'],
      icon: 'seat',
    },
  ),
  item(
    'churaumi-aquarium',
    'kuroshio-tour',
    1,
    T(
      '黒潮探検 水上観覧ガイド（無料・要予約）',
      'Kuroshio expedition: above-tank guided viewing (free, booking required)',
    ),
    T(
      '大水槽「黒潮の海」の水面を上から見学するガイド付きコースです。ジンベエザメの給餌を真上から観察できることもあります。',
      'A guided visit to the surface of the Kuroshio Sea tank. With luck you may watch the whale sharks being fed from directly above.',
    ),
    {
      combinationLabel: 1,
      reservationRequired: true,
      maxPerOrder: 6,
      rewardCoins: 10,
      dailyCapacity: 120,
      applicationDeadlineDays: 0,
      applicationDeadlineTime: '10:00',
      plans: [basic(allAges(0))],
      timeSlots: slots(30, '08:30', '09:30', '15:00', '16:00'),
      tags: ['guided-tour', 'free'],
      icon: 'fish',
    },
  ),
  item(
    'churaumi-aquarium',
    'audio-guide',
    5,
    T('音声ガイド「深海への旅」', 'Audio guide: journey to the deep'),
    T(
      'サンゴ礁から深海までの展示を、日本語・英語・中国語・韓国語の音声で案内します。',
      'Audio commentary in Japanese, English, Chinese and Korean from the coral reef to the deep sea.',
    ),
    {
      usageTrigger: 2,
      rewardCoins: 5,
      dailyCapacity: 1500,
      plans: [basic(allAges(500))],
      tags: ['rental'],
      icon: 'headphones',
    },
  ),
  voucher(
    'churaumi-aquarium',
    'lunch-voucher',
    T('レストラン「イノー」ランチ券', 'Restaurant Inoo lunch voucher'),
    T(
      '大水槽を眺めながら食事ができるレストランで、沖縄食材のランチと交換できます。',
      'Exchange for a lunch of Okinawan ingredients at the restaurant beside the giant tank.',
    ),
    1800,
    'food',
    ['restaurant'],
  ),
  item(
    'churaumi-aquarium',
    'private-viewing',
    1,
    T('法人向け 閉館後の貸切観覧プラン', 'Corporate after-hours private viewing'),
    T(
      '閉館後の館内を貸し切ってご案内する法人・団体向けのプランです（ご案内先限定）。',
      'An after-hours private viewing for companies and groups (by invitation only).',
    ),
    {
      label: 1,
      combinationLabel: 4,
      reservationRequired: true,
      minimumParticipant: 20,
      maxPerOrder: 80,
      rewardCoins: 100,
      dailyCapacity: 80,
      applicationDeadlineDays: 14,
      plans: [basic(prices(null, 3000, 3000, 5000, 5000, 5000))],
      timeSlots: slots(80, '19:00'),
      cancellation: [
        { daysBefore: 14, chargeRate: 0 },
        { daysBefore: 7, chargeRate: 50 },
        { daysBefore: 0, chargeRate: 100 },
      ],
      tags: ['limited'],
      icon: 'star',
    },
  ),
  // Toba
  admission(
    'toba-aquarium',
    prices(700, 1400, 1400, 2800, 2800, 2800),
    1400,
    T('幼児料金は3歳以上、2歳以下は無料です。', 'The infant price is for ages 3 and over; age 2 and under is free.'),
  ),
  item(
    'toba-aquarium',
    'sea-otter-meal',
    1,
    T('ラッコのお食事タイム', 'Sea otter mealtime'),
    T(
      'ラッコが器用に貝やイカを食べる様子を、飼育員の解説とともに観覧できます。申し込み不要です。',
      'Watch the sea otters deftly eat shellfish and squid while a keeper explains. No booking needed.',
    ),
    {
      label: 99,
      combinationLabel: 3,
      usageTrigger: 0,
      rewardCoins: 0,
      dailyCapacity: 1000,
      notes: T('混雑時は観覧の時間を区切ってご案内します。', 'At busy times viewing is limited to short turns.'),
      plans: [basic(allAges(0))],
      tags: ['feeding', 'free'],
      icon: 'paw',
    },
  ),
  item(
    'toba-aquarium',
    'backyard-tour',
    1,
    T('飼育員と巡るバックヤードツアー', 'Backyard tour with a keeper'),
    T(
      'ジュゴンやラッコの調餌場、予備水槽など、普段は入れない水族館の裏側を飼育員がご案内します。',
      'A keeper takes you behind the scenes to the dugong and sea otter kitchens, holding tanks and more.',
    ),
    {
      combinationLabel: 4,
      reservationRequired: true,
      lottery: true,
      waitlist: true,
      minimumParticipant: 2,
      maxPerOrder: 4,
      rewardCoins: 50,
      dailyCapacity: 16,
      applicationDeadlineDays: 7,
      notes: T(
        '小学生以上が対象です。お支払いはクレジットカードのみです。',
        'Ages 6 and over. Credit card payment only.',
      ),
      plans: [
        basic(prices(null, 1000, 1000, 2000, 2000, 2000)),
        addOn(T('記念写真付き', 'With a souvenir photo'), allAges(500)),
      ],
      timeSlots: slots(8, '10:30', '14:30'),
      excludedDays: [8, 22],
      cancellation: STANDARD_CANCEL,
      tags: ['backyard-tour', 'limited'],
      icon: 'key',
    },
  ),
  quest(
    'toba-aquarium',
    T('へんな生きもの研究所 謎解きラボ', 'Strange creatures lab puzzle quest'),
    T(
      'ダイオウグソクムシなど、ふしぎな生きものにまつわる謎を解いて「研究員」を目指すクエストです。',
      'Solve riddles about giant isopods and other strange creatures to earn your “researcher” badge.',
    ),
    prices(400, 400, 600, 600, 600, 600),
  ),
  parking('toba-aquarium', 1000, 400),
  item(
    'toba-aquarium',
    'dugong-watch',
    1,
    T('ジュゴン観察会（満員御礼）', 'Dugong watch (fully booked)'),
    T(
      '人魚の海で、ジュゴンの食事と行動を飼育員の解説で観察する特別観察会です。定員に達したため受付を終了しました。',
      'A special session to watch the dugong feeding and behaving, with keeper commentary. Applications have closed as it is fully booked.',
    ),
    {
      label: 5,
      combinationLabel: 4,
      reservationRequired: true,
      maxPerOrder: 4,
      rewardCoins: 30,
      dailyCapacity: 30,
      applicationDeadlineDays: 3,
      plans: [basic(prices(null, 500, 500, 1000, 1000, 1000))],
      timeSlots: slots(15, '09:30', '16:00'),
      cancellation: STANDARD_CANCEL,
      tags: ['guided-tour', 'limited'],
      icon: 'star',
    },
  ),
];
