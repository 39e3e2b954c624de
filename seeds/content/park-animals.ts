// The animals each park keeps: named individuals and groups. Names are the demo's own; they are not
// the names of real famous individuals.
import { hash32 } from '../util';
import { parkBySlug } from './parks';
import { enName, jaName, speciesByCode } from './species';
import type { ParkAnimalSeed, SpeciesSeed, Text } from './types';

type Entry =
  | { group: true; species: string; count: number; nickname?: Text; note?: Text }
  | { group: false; species: string; nick: Text; birthday: string | number | null; gender: 0 | 1 | 2; note?: Text };

const g = (species: string, count: number, extra: { nickname?: Text; note?: Text } = {}): Entry => ({
  group: true,
  species,
  count,
  ...extra,
});
const i = (
  species: string,
  ja: string,
  en: string,
  birthday: string | number | null,
  gender: 0 | 1 | 2,
  note?: Text,
): Entry =>
  note
    ? { group: false, species, nick: { ja, en }, birthday, gender, note }
    : { group: false, species, nick: { ja, en }, birthday, gender };
const M = 1;
const F = 2;
const U = 0;
const N = (ja: string, en: string): Text => ({ ja, en });

const ROSTERS: Record<string, Entry[]> = {
  'ueno-zoo': [
    g('western-lowland-gorilla', 7, {
      nickname: N('ゴリラファミリー', 'Gorilla family'),
      note: N(
        'シルバーバックを中心に、母親と子どもたちが暮らす家族の群れです。',
        'They live as a family group led by a silverback, together with mothers and their young.',
      ),
    }),
    i(
      'sumatran-tiger',
      'ダイチ',
      'Daichi',
      '2015-06-14',
      M,
      N(
        '水浴びが好きで、夏はプールでくつろぐ姿がよく見られます。',
        'He loves a bath and is often seen relaxing in the pool in summer.',
      ),
    ),
    g('lion', 4, { nickname: N('ライオンのプライド', 'Lion pride') }),
    g('asian-elephant', 5),
    i('polar-bear', 'ユキ', 'Yuki', '2010-12-08', F),
    g('harbor-seal', 6),
    i('ezo-brown-bear', 'ムサシ', 'Musashi', '2008-01-20', M),
    i('asian-black-bear', 'クロベエ', 'Kurobei', '2012-01-25', M),
    i('sun-bear', 'マナ', 'Mana', '2013-01-10', F),
    i('hippopotamus', 'ジュン', 'Jun', '2006-09-03', F),
    i('pygmy-hippo', 'ヒカリ', 'Hikari', '2019-04-12', F),
    i('okapi', 'ルナ', 'Luna', '2016-11-20', F),
    g('reticulated-giraffe', 4),
    g('aye-aye', 5),
    i(
      'shoebill',
      'ミドリ',
      'Midori',
      null,
      F,
      N(
        '来園者の前でおじぎをするようなしぐさを見せることがあります。',
        'She sometimes bobs her head as if bowing to visitors.',
      ),
    ),
    i('red-panda', 'モモ', 'Momo', '2017-06-30', F),
    i(
      'red-panda',
      'ハナビ',
      'Hanabi',
      -95,
      F,
      N(
        '最近生まれた赤ちゃんで、母親のモモのそばで木登りの練習中です。',
        'Our newest arrival, she is practising climbing beside her mother Momo.',
      ),
    ),
    g('japanese-macaque', 60, { nickname: N('サル山のニホンザル', 'Macaques of Monkey Mountain') }),
    g('ring-tailed-lemur', 10),
    g('japanese-giant-salamander', 3),
    i('aldabra-giant-tortoise', 'ゴロウ', 'Goro', null, M),
    g('humboldt-penguin', 30),
    g('rock-ptarmigan', 4),
    g('naked-mole-rat', 50, { nickname: N('ハダカデバネズミのコロニー', 'Naked mole-rat colony') }),
  ],
  'asahiyama-zoo': [
    i('polar-bear', 'ホクト', 'Hokuto', '2009-11-28', M),
    i('polar-bear', 'ミゾレ', 'Mizore', '2013-12-05', F),
    g('spotted-seal', 8),
    g('king-penguin', 20),
    i(
      'king-penguin',
      'モカ',
      'Moka',
      -70,
      U,
      N(
        '最近ふ化したヒナで、茶色いふわふわの羽毛に包まれています。',
        'Recently hatched, the chick is still wrapped in fluffy brown down.',
      ),
    ),
    g('gentoo-penguin', 25),
    g('humboldt-penguin', 20),
    g('southern-rockhopper-penguin', 10),
    i('bornean-orangutan', 'ソラ', 'Sora', '1992-08-16', F),
    i('bornean-orangutan', 'ハヤテ', 'Hayate', '2003-04-02', M),
    i('snow-leopard', 'ユキマル', 'Yukimaru', '2014-05-20', M),
    i('amur-tiger', 'タイガ', 'Taiga', '2012-05-06', M),
    i('lion', 'レイ', 'Rei', '2011-03-15', M),
    g('gray-wolf', 5, { nickname: N('オオカミのパック', 'Wolf pack') }),
    g('ezo-sika-deer', 8),
    g('ezo-red-fox', 3),
    g('arctic-fox', 2),
    i('red-panda', 'フウカ', 'Fuka', '2018-07-01', F),
    g('reticulated-giraffe', 3),
    i('hippopotamus', 'モモコ', 'Momoko', '2004-02-11', F),
    g('japanese-macaque', 40),
    i('north-american-porcupine', 'トゲマル', 'Togemaru', '2016-05-09', M),
    g('white-tailed-eagle', 2),
    i('stellers-sea-eagle', 'オオゾラ', 'Ozora', null, M),
    g('blakistons-fish-owl', 2, { nickname: N('シマフクロウのつがい', 'Fish owl pair') }),
    g('ezo-flying-squirrel', 6),
    g('raccoon-dog', 3),
    g('capybara', 4),
    g('chilean-flamingo', 15),
    i('amur-leopard', 'アオイ', 'Aoi', '2017-06-18', F),
  ],
  'maruyama-zoo': [
    i('polar-bear', 'ミント', 'Minto', '2011-12-02', F),
    g('asian-elephant', 4),
    i('amur-tiger', 'ゴウ', 'Go', '2016-04-22', M),
    i('snow-leopard', 'スバル', 'Subaru', '2012-06-01', M),
    i(
      'snow-leopard',
      'コハク',
      'Kohaku',
      -120,
      F,
      N(
        '最近生まれた子どもで、長い尾にじゃれつく姿が人気です。',
        'Our newest arrival, she is loved for pouncing on her mother’s long tail.',
      ),
    ),
    i('bornean-orangutan', 'ミナミ', 'Minami', '1995-10-10', F),
    i('red-panda', 'ココ', 'Coco', '2019-07-03', F),
    i('ezo-brown-bear', 'アトム', 'Atom', '2006-01-30', M),
    i('sun-bear', 'ウメ', 'Ume', '2009-02-14', F),
    g('gray-wolf', 4, { nickname: N('オオカミのパック', 'Wolf pack') }),
    g('reticulated-giraffe', 3),
    i('lion', 'ライ', 'Rai', '2014-08-08', M),
    g('chimpanzee', 6),
    g('japanese-macaque', 45),
    g('ezo-red-fox', 2),
    g('ezo-sika-deer', 6),
    g('red-crowned-crane', 2, { nickname: N('タンチョウのつがい', 'Crane pair') }),
    i('hippopotamus', 'ドン', 'Don', '2002-06-20', M),
    g('green-iguana', 3),
  ],
  'sendai-umino-mori': [
    g('bottlenose-dolphin', 6),
    g('california-sea-lion', 7),
    i(
      'california-sea-lion',
      'ミナト',
      'Minato',
      -110,
      M,
      N(
        '最近生まれた赤ちゃんで、プールで泳ぎの練習をしています。',
        'Our newest arrival, he is learning to swim in the pool.',
      ),
    ),
    g('african-penguin', 25),
    g('japanese-sardine', 50000, { nickname: N('三陸の海のマイワシの群れ', 'Sardine school of the Sanriku sea') }),
    g('sea-squirt', 200),
    g('chum-salmon', 60),
    i('ocean-sunfish', 'マルちゃん', 'Maru', null, U),
    i('giant-pacific-octopus', 'ハッちゃん', 'Hatchan', null, U),
    g('japanese-spider-crab', 10),
    g('moon-jellyfish', 300),
    g('crystal-jelly', 100),
    g('japanese-amberjack', 40),
    g('spotted-garden-eel', 80),
    g('ocellaris-clownfish', 30),
    g('japanese-eel', 20),
    g('purple-sea-urchin', 50),
    g('japanese-spiny-lobster', 15),
  ],
  'kasai-sea-life-park': [
    g('pacific-bluefin-tuna', 60, { nickname: N('ドーナツ水槽のクロマグロ', 'Bluefin tuna of the ring tank') }),
    g('humboldt-penguin', 40),
    g('southern-rockhopper-penguin', 15),
    g('little-penguin', 20),
    g('king-penguin', 10),
    g('tufted-puffin', 8),
    g('common-murre', 10),
    g('scalloped-hammerhead', 5),
    g('leafy-seadragon', 6),
    g('spotted-garden-eel', 60),
    i('giant-pacific-octopus', 'ミズキ', 'Mizuki', null, U),
    g('japanese-spider-crab', 6),
    g('seahorse', 30),
    g('japanese-sea-bass', 40, { nickname: N('東京湾のスズキ', 'Sea bass of Tokyo Bay') }),
    g('ayu', 50),
    g('japanese-fire-belly-newt', 20),
    g('moon-jellyfish', 150),
    g('red-lionfish', 5),
  ],
  'kamogawa-sea-world': [
    i('orca', 'ナギサ', 'Nagisa', '2008-07-21', F),
    i('orca', 'カイリ', 'Kairi', '2015-03-09', M),
    g('beluga', 4),
    g('bottlenose-dolphin', 8),
    i(
      'bottlenose-dolphin',
      'ツバサ',
      'Tsubasa',
      -140,
      M,
      N(
        '最近生まれた子どもで、母親のそばをぴったり泳いでいます。',
        'Our newest arrival, he swims close by his mother’s side.',
      ),
    ),
    g('pacific-white-sided-dolphin', 5),
    g('california-sea-lion', 8),
    i('steller-sea-lion', 'ゴンタ', 'Gonta', '2005-06-12', M),
    g('king-penguin', 12),
    g('southern-rockhopper-penguin', 20),
    g('loggerhead-sea-turtle', 10),
    g('green-sea-turtle', 5),
    i('ocean-sunfish', 'ユラリ', 'Yurari', null, U),
    g('japanese-spiny-lobster', 30),
    g('red-sea-bream', 30),
    g('japanese-amberjack', 30),
    g('spotted-garden-eel', 40),
    g('moray-eel', 5),
  ],
  zoorasia: [
    i('okapi', 'ミライ', 'Mirai', '2014-09-30', F),
    i(
      'okapi',
      'ホシ',
      'Hoshi',
      -100,
      M,
      N(
        '最近生まれたオカピの子どもで、母親のミライと一緒に過ごしています。',
        'Our newest arrival, he spends his days with his mother Mirai.',
      ),
    ),
    g('proboscis-monkey', 5),
    g('goodfellows-tree-kangaroo', 3),
    g('dhole', 6),
    i('polar-bear', 'セツナ', 'Setsuna', '2015-12-03', F),
    g('cheetah', 3),
    g('reticulated-giraffe', 4),
    g('grants-zebra', 4),
    g('eland', 4),
    i('asiatic-lion', 'ラージ', 'Raj', '2013-05-25', M),
    g('red-river-hog', 5),
    i('malayan-tapir', 'ノゾミ', 'Nozomi', '2010-04-18', F),
    g('japanese-macaque', 30),
    g('chimpanzee', 7),
    i('red-panda', 'ソウタ', 'Sota', '2016-06-27', M),
    g('asian-elephant', 3),
    g('red-kangaroo', 8),
  ],
  'higashiyama-zoo': [
    g('koala', 8),
    i(
      'koala',
      'ハル',
      'Haru',
      -210,
      F,
      N(
        'お母さんの袋から顔を出すようになったばかりの子どもです。',
        'She has just started peeking out of her mother’s pouch.',
      ),
    ),
    g('asian-elephant', 4, { nickname: N('アジアゾウの群れ', 'Asian elephant herd') }),
    g('western-lowland-gorilla', 6, { nickname: N('ゴリラファミリー', 'Gorilla family') }),
    i('snow-leopard', 'ヒョウガ', 'Hyoga', '2015-05-16', M),
    i('sumatran-tiger', 'カリン', 'Karin', '2016-07-07', F),
    g('reticulated-giraffe', 3),
    g('chimpanzee', 7),
    i('red-panda', 'コウメ', 'Koume', '2020-06-21', F),
    i('hippopotamus', 'ゲンキ', 'Genki', '2000-08-01', M),
    g('japanese-macaque', 50),
    g('chilean-flamingo', 30),
    g('capybara', 5),
    g('lion', 2),
    g('ring-tailed-lemur', 8),
    g('asian-small-clawed-otter', 5),
  ],
  'nagoya-port-aquarium': [
    i('orca', 'アクア', 'Aqua', '2006-11-14', F),
    i('orca', 'ミナモ', 'Minamo', '2016-01-12', F),
    g('beluga', 4),
    g('bottlenose-dolphin', 10),
    g('pacific-white-sided-dolphin', 4),
    g('emperor-penguin', 6),
    g('adelie-penguin', 20),
    g('gentoo-penguin', 30),
    g('chinstrap-penguin', 8),
    g('loggerhead-sea-turtle', 15),
    g('green-sea-turtle', 8),
    g('japanese-sardine', 35000, { nickname: N('マイワシのトルネード', 'Sardine tornado') }),
    g('moon-jellyfish', 200),
    g('spotted-lagoon-jelly', 50),
    g('japanese-spider-crab', 8),
    g('chambered-nautilus', 10),
    g('ocellaris-clownfish', 40),
    g('blue-tang', 20),
  ],
  'tennoji-zoo': [
    i('polar-bear', 'ホクシン', 'Hokushin', '2014-12-11', M),
    i(
      'asian-elephant',
      'サクラ',
      'Sakura',
      '1975-03-01',
      F,
      N('園で最も長く暮らしているベテランのゾウです。', 'She is the zoo’s longest-serving resident.'),
    ),
    g('reticulated-giraffe', 3),
    i('hippopotamus', 'カナ', 'Kana', '2008-05-19', F),
    i('eastern-black-rhino', 'ダイゴ', 'Daigo', '2010-09-09', M),
    i('lion', 'ロッキー', 'Rocky', '2012-04-04', M),
    g('koala', 3),
    g('african-penguin', 20),
    g('chimpanzee', 5),
    i('red-panda', 'アオバ', 'Aoba', '2017-05-30', M),
    g('grants-zebra', 4),
    g('ostrich', 3),
    g('green-iguana', 2),
    g('spotted-seal', 3),
    g('fennec-fox', 2),
    g('chinese-alligator', 2),
  ],
  kaiyukan: [
    i(
      'whale-shark',
      'アマネ',
      'Amane',
      null,
      F,
      N(
        '「太平洋」水槽の主役で、給餌の時間には水面近くまで上がってきます。',
        'She is the star of the Pacific Ocean tank and rises near the surface at feeding time.',
      ),
    ),
    g('ringed-seal', 4),
    g('king-penguin', 15),
    g('adelie-penguin', 12),
    g('pacific-white-sided-dolphin', 4),
    g('california-sea-lion', 5),
    g('harbor-seal', 5),
    g('asian-small-clawed-otter', 4),
    g('japanese-spider-crab', 10),
    g('moon-jellyfish', 100),
    g('pacific-sea-nettle', 40),
    g('sea-angel', 30),
    i('ocean-sunfish', 'マルオ', 'Maruo', null, U),
    g('ocellaris-clownfish', 30),
    i('humphead-wrasse', 'ナポ', 'Napo', null, U),
    g('zebra-shark', 2),
    g('scalloped-hammerhead', 4),
    g('spotted-garden-eel', 50),
  ],
  'oji-zoo': [
    g('koala', 4),
    i('asian-elephant', 'ナナ', 'Nana', '1990-04-07', F),
    g('reticulated-giraffe', 3),
    i('hippopotamus', 'フク', 'Fuku', '2010-01-01', F),
    i('lion', 'カイト', 'Kaito', '2015-10-12', M),
    i('amur-tiger', 'リク', 'Riku', '2013-05-05', M),
    g('humboldt-penguin', 25),
    g('chilean-flamingo', 80, { nickname: N('フラミンゴの群れ', 'Flamingo flock') }),
    i('red-panda', 'ナツメ', 'Natsume', '2018-06-15', F),
    g('japanese-macaque', 40),
    g('chimpanzee', 4),
    g('grants-zebra', 3),
    g('goat', 6),
    g('guinea-pig', 20),
    g('indian-peafowl', 4),
    g('domestic-rabbit', 10),
  ],
  'kyoto-city-zoo': [
    g('asian-elephant', 4, {
      note: N(
        'ラオスから来園した若いゾウたちが、群れをつくって暮らしています。',
        'Young elephants who came from Laos live together as a herd.',
      ),
    }),
    g('western-lowland-gorilla', 4, { nickname: N('ゴリラファミリー', 'Gorilla family') }),
    i(
      'western-lowland-gorilla',
      'ゲンタ',
      'Genta',
      -130,
      M,
      N(
        '最近生まれた赤ちゃんで、母親にしっかりしがみついています。',
        'Our newest arrival, he clings tightly to his mother.',
      ),
    ),
    g('reticulated-giraffe', 3),
    i('lion', 'ナイル', 'Nile', '2016-02-02', M),
    i('amur-tiger', 'ミコト', 'Mikoto', '2014-06-06', F),
    i('jaguar', 'マヤ', 'Maya', '2012-09-21', F),
    i('red-panda', 'イチゴ', 'Ichigo', '2019-06-25', F),
    g('chimpanzee', 5),
    g('mandrill', 4),
    i('hippopotamus', 'タロウ', 'Taro', '1998-07-10', M),
    g('japanese-serow', 2),
    g('raccoon-dog', 3),
    g('japanese-fire-belly-newt', 30),
    g('grants-zebra', 3),
  ],
  'asa-zoo': [
    g('japanese-giant-salamander', 20),
    i('eastern-black-rhino', 'ハナ', 'Hana', '2004-10-03', F),
    i(
      'eastern-black-rhino',
      'アサヒ',
      'Asahi',
      -90,
      M,
      N(
        '最近生まれたクロサイの子どもで、母親のハナのあとをついて歩いています。',
        'Our newest arrival, he trots after his mother Hana.',
      ),
    ),
    g('african-elephant', 3),
    g('reticulated-giraffe', 4),
    g('grants-zebra', 4),
    i('lion', 'ガオ', 'Gao', '2011-11-11', M),
    g('cheetah', 3),
    i('asian-black-bear', 'ツキ', 'Tsuki', '2008-02-01', F),
    i('red-panda', 'モミジ', 'Momiji', '2017-06-09', F),
    g('ostrich', 2),
    g('capybara', 6),
    g('red-kangaroo', 10),
    g('goat', 8),
    g('guinea-pig', 30),
    g('chimpanzee', 5),
    g('meerkat', 12),
  ],
  'katsurahama-aquarium': [
    i('steller-sea-lion', 'リュウ', 'Ryu', '2003-06-03', M),
    i('steller-sea-lion', 'ヒマワリ', 'Himawari', '2010-06-28', F),
    g('california-sea-lion', 5),
    g('humboldt-penguin', 12),
    g('loggerhead-sea-turtle', 4),
    g('green-sea-turtle', 3),
    g('japanese-lates', 6),
    g('asian-small-clawed-otter', 4),
    g('moray-eel', 5),
    g('porcupinefish', 6),
    g('red-sea-bream', 20),
    g('japanese-amberjack', 15),
    g('japanese-spiny-lobster', 20),
    g('moon-jellyfish', 60),
    g('ayu', 40, { nickname: N('四万十川のアユ', 'Ayu of the Shimanto River') }),
    g('japanese-eel', 15),
    g('spotted-garden-eel', 30),
  ],
  'itozu-zoo': [
    g('donkey', 3),
    g('guinea-pig', 25),
    g('goat', 6),
    g('chimpanzee', 5),
    i('lion', 'ハヤト', 'Hayato', '2012-03-03', M),
    g('reticulated-giraffe', 3),
    g('grants-zebra', 3),
    i('hippopotamus', 'ナナコ', 'Nanako', '2006-07-07', F),
    i('red-panda', 'ヒナタ', 'Hinata', '2019-06-11', F),
    g('japanese-macaque', 35),
    g('raccoon-dog', 4),
    g('chilean-flamingo', 20),
    g('ring-tailed-lemur', 6),
    g('indian-peafowl', 3),
    g('domestic-rabbit', 8),
    g('japanese-rhinoceros-beetle', 50),
  ],
  'churaumi-aquarium': [
    i(
      'whale-shark',
      'ウルマ',
      'Uruma',
      null,
      M,
      N(
        '「黒潮の海」を悠々と泳ぐ大きなオスのジンベエザメです。',
        'He cruises majestically through the Kuroshio Sea tank.',
      ),
    ),
    g('reef-manta', 5),
    g('zebra-shark', 3),
    g('scalloped-hammerhead', 3),
    g('indo-pacific-bottlenose-dolphin', 5),
    i('false-killer-whale', 'ナミ', 'Nami', '1990-08-15', F),
    g('west-indian-manatee', 4),
    g('loggerhead-sea-turtle', 6),
    g('green-sea-turtle', 8),
    g('hawksbill-sea-turtle', 4),
    g('acropora-coral', 70, { nickname: N('サンゴの海のミドリイシ', 'Acropora of the coral sea') }),
    g('ocellaris-clownfish', 40),
    g('blue-tang', 30),
    i('humphead-wrasse', 'カジ', 'Kaji', null, U),
    g('spotted-garden-eel', 100),
    g('broadclub-cuttlefish', 6),
    g('chambered-nautilus', 15),
    g('blue-sea-star', 20),
    g('moray-eel', 4),
    g('giant-grouper', 2),
  ],
  'toba-aquarium': [
    i('sea-otter', 'ミナ', 'Mina', '2008-03-05', F),
    i('sea-otter', 'ルリ', 'Ruri', '2011-04-28', F),
    i(
      'dugong',
      'シオン',
      'Shion',
      null,
      F,
      N(
        '「人魚の海」で暮らす、日本でただ1頭のジュゴンです。',
        'She is the only dugong in Japan and lives in the Mermaid Sea zone.',
      ),
    ),
    g('finless-porpoise', 6),
    i('african-manatee', 'マノ', 'Mano', null, M),
    g('walrus', 4),
    g('baikal-seal', 4),
    g('california-sea-lion', 6),
    g('giant-isopod', 10),
    g('humboldt-penguin', 15),
    g('japanese-spiny-lobster', 40),
    g('moon-jellyfish', 100),
    g('arapaima', 3),
    g('japanese-giant-salamander', 3),
    g('axolotl', 20),
    g('electric-eel', 2),
    g('strawberry-poison-frog', 10),
    g('horseshoe-crab', 5),
  ],
};

const GROUP_NOUN: Record<string, { ja: string; en: string; counterJa: string }> = {
  mammals: { ja: 'の群れ', en: 'group', counterJa: '頭' },
  'marine-mammals': { ja: 'の群れ', en: 'pod', counterJa: '頭' },
  birds: { ja: 'の群れ', en: 'flock', counterJa: '羽' },
  reptiles: { ja: 'たち', en: 'group', counterJa: '匹' },
  amphibians: { ja: 'たち', en: 'group', counterJa: '匹' },
  fish: { ja: 'の群れ', en: 'school', counterJa: '匹' },
  invertebrates: { ja: 'たち', en: 'group', counterJa: '匹' },
};

/** The Japanese counter word for a species (頭, 羽, 匹). */
export const counterJa = (s: SpeciesSeed): string => {
  if (s.code.includes('penguin') || s.tag === 'birds') return '羽';
  if (s.code === 'acropora-coral') return '群体';
  return GROUP_NOUN[s.tag]?.counterJa ?? '匹';
};

const groupNickname = (s: SpeciesSeed): Text => {
  const noun = GROUP_NOUN[s.tag] ?? { ja: 'の群れ', en: 'group' };
  const nameJa = jaName(s);
  const enNoun = s.code.includes('penguin') ? 'colony' : s.code.includes('jelly') ? 'bloom' : noun.en;
  return { ja: `${nameJa}${noun.ja}`, en: `${s.name.en} ${enNoun}` };
};

/** Personality notes for individuals without their own note; {n} is the nickname. */
const TRAITS: Text[] = [
  N(
    '食いしん坊で、お食事タイムにはいつも一番乗りです。',
    '{n} is a big eater and always first in line at feeding time.',
  ),
  N('好奇心旺盛で、新しいおもちゃにはすぐに近づいてきます。', '{n} is curious and quick to check out any new toy.'),
  N('のんびり屋で、日なたでくつろぐ姿がよく見られます。', '{n} is easy-going and often seen relaxing in a sunny spot.'),
  N(
    '慎重な性格で、初めてのものには時間をかけて近づきます。',
    '{n} is cautious and takes time to approach anything new.',
  ),
  N(
    '担当飼育員の声を聞き分けて、呼ぶと近くに来てくれます。',
    '{n} knows the keeper’s voice and comes over when called.',
  ),
  N(
    'いつも元気いっぱいで、展示場の中を活発に動き回っています。',
    '{n} is always full of energy, exploring every corner of the enclosure.',
  ),
  N(
    'マイペースな性格で、お気に入りの場所で過ごすのが好きです。',
    '{n} goes at their own pace and loves a favourite resting spot.',
  ),
];

function describeAnimal(parkSlug: string, s: SpeciesSeed, e: Entry): Text {
  const park = parkBySlug(parkSlug);
  const nameJa = jaName(s);
  if (e.group) {
    const base: Text = {
      ja: `${park.name.ja}で暮らす${nameJa}たちです。現在、約${e.count.toLocaleString('ja-JP')}${counterJa(s)}を飼育しています。`,
      en: `About ${e.count.toLocaleString('en-US')} ${enName(s, e.count > 1)} live at ${park.name.en}.`,
    };
    return e.note ? { ja: `${base.ja}${e.note.ja}`, en: `${base.en} ${e.note.en}` } : base;
  }
  const sexJa = e.gender === 1 ? 'オス' : e.gender === 2 ? 'メス' : '';
  const sexEn = e.gender === 1 ? 'male ' : e.gender === 2 ? 'female ' : '';
  const article = /^[aeiou]/i.test(sexEn || enName(s)) ? 'An' : 'A';
  const base: Text = {
    ja: `${park.name.ja}で暮らす${nameJa}${sexJa ? `の${sexJa}` : ''}です。`,
    en: `${article} ${sexEn}${enName(s)} living at ${park.name.en}.`,
  };
  const picked = TRAITS[hash32(`${parkSlug}:${e.nick.en}`) % TRAITS.length];
  const pronoun = e.gender === 1 ? 'his' : e.gender === 2 ? 'her' : 'their';
  const trait =
    e.note ?? (picked && { ja: picked.ja, en: picked.en.replace('{n}', e.nick.en).replace('their', pronoun) });
  return trait ? { ja: `${base.ja}${trait.ja}`, en: `${base.en} ${trait.en}` } : base;
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const PARK_ANIMALS: readonly ParkAnimalSeed[] = Object.entries(ROSTERS).flatMap(([parkSlug, entries]) =>
  entries.map((e): ParkAnimalSeed => {
    const s = speciesByCode(e.species);
    if (e.group) {
      return {
        code: `${parkSlug}--${e.species}`,
        parkSlug,
        speciesCode: e.species,
        nickname: e.nickname ?? groupNickname(s),
        isGroup: true,
        birthday: null,
        gender: 0,
        approxNumberBred: e.count,
        description: describeAnimal(parkSlug, s, e),
      };
    }
    return {
      code: `${parkSlug}--${e.species}--${slugify(e.nick.en)}`,
      parkSlug,
      speciesCode: e.species,
      nickname: e.nick,
      isGroup: false,
      birthday: e.birthday,
      gender: e.gender,
      approxNumberBred: null,
      description: describeAnimal(parkSlug, s, e),
    };
  }),
);
