// Park staff who post stories (park users). The people are fictional.
import type { StaffSeed, Text } from './types';

const T = (ja: string, en: string): Text => ({ ja, en });

interface Look {
  hair: number;
  skin: number;
  glasses?: boolean;
  long?: boolean;
  cap?: boolean;
}

const staff = (
  parkSlug: string,
  id: string,
  name: Text,
  role: Text,
  focus: string[],
  bio: Text,
  look: Look,
  uniform = '#3f6f4a',
): StaffSeed => ({ code: `${parkSlug}--${id}`, parkSlug, name, role, bio, focus, look: { ...look, uniform } });

const ZOO = '#4a7040';
const AQUA = '#1f5f8f';

export const STAFF: readonly StaffSeed[] = [
  // Asahiyama
  staff(
    'asahiyama-zoo',
    'nakamura-shota',
    T('中村 翔太', 'Shota Nakamura'),
    T('飼育員（ほっきょくぐま・あざらし担当）', 'Keeper (polar bears and seals)'),
    ['bear', 'seal'],
    T(
      '旭川生まれ。冬の寒さに強い動物たちの魅力を伝えたくて飼育員になりました。趣味はスノーシューで園の裏山を歩くことです。',
      'Born in Asahikawa, he became a keeper to share the charm of animals that thrive in the cold. In his free time he snowshoes in the hills behind the zoo.',
    ),
    { hair: 0, skin: 0, cap: true },
    ZOO,
  ),
  staff(
    'asahiyama-zoo',
    'yoshida-aoi',
    T('吉田 あおい', 'Aoi Yoshida'),
    T('飼育員（ぺんぎん館担当）', 'Keeper (penguin house)'),
    ['penguin', 'birds'],
    T(
      'ペンギンの散歩の先導役を務めて5年目。一羽一羽の歩き方のくせまで見分けられるのが自慢です。',
      'In her fifth year leading the penguin walk, she can tell each bird apart by the way it waddles.',
    ),
    { hair: 1, skin: 1, long: true },
    ZOO,
  ),
  staff(
    'asahiyama-zoo',
    'okada-daisuke',
    T('岡田 大輔', 'Daisuke Okada'),
    T('獣医師', 'Veterinarian'),
    ['*'],
    T(
      '動物たちの健康診断や治療を担当しています。麻酔をかけずに検査ができるよう、飼育員と一緒にトレーニングにも取り組んでいます。',
      'He handles health checks and treatment, and works with keepers on training so that animals can be examined without anaesthesia.',
    ),
    { hair: 2, skin: 0, glasses: true },
    ZOO,
  ),
  // Maruyama
  staff(
    'maruyama-zoo',
    'kato-yui',
    T('加藤 結衣', 'Yui Kato'),
    T('飼育員（ゾウ担当）', 'Elephant keeper'),
    ['elephant', 'giraffe', 'hippo'],
    T(
      'ゾウ舎の立ち上げから関わっています。4頭それぞれの性格に合わせたトレーニングを日々工夫しています。',
      'She has worked at the elephant house since it opened, tailoring training to each of the four elephants’ personalities.',
    ),
    { hair: 1, skin: 1, long: true, cap: true },
    ZOO,
  ),
  staff(
    'maruyama-zoo',
    'sasaki-takumi',
    T('佐々木 拓海', 'Takumi Sasaki'),
    T('飼育員（猛獣担当）', 'Keeper (big cats and bears)'),
    ['cat', 'bear', 'dog'],
    T(
      'ユキヒョウやアムールトラなど寒い地域のネコ科動物を担当しています。雪の日の動物たちの表情を撮るのが楽しみです。',
      'He looks after snow leopards, Amur tigers and other cold-climate cats, and loves photographing them on snowy days.',
    ),
    { hair: 0, skin: 0 },
    ZOO,
  ),
  staff(
    'maruyama-zoo',
    'matsumoto-rina',
    T('松本 里奈', 'Rina Matsumoto'),
    T('教育普及担当', 'Education officer'),
    ['*'],
    T(
      'スクールプログラムやガイドツアーを企画しています。動物園を「生きた教科書」として楽しんでもらうのが目標です。',
      'She plans school programmes and guided tours, with the goal of making the zoo a living textbook.',
    ),
    { hair: 2, skin: 1, glasses: true, long: true },
    ZOO,
  ),
  // Sendai
  staff(
    'sendai-umino-mori',
    'abe-kazuki',
    T('阿部 和樹', 'Kazuki Abe'),
    T('トレーナー（イルカ・アシカ担当）', 'Trainer (dolphins and sea lions)'),
    ['dolphin', 'seal', 'whale'],
    T(
      'パフォーマンスの担当トレーナーです。ショーの裏側にある毎日の健康管理やトレーニングの様子もお伝えします。',
      'A performance trainer who also shares the daily health care and training that go on behind the shows.',
    ),
    { hair: 0, skin: 1 },
    AQUA,
  ),
  staff(
    'sendai-umino-mori',
    'endo-miyu',
    T('遠藤 美優', 'Miyu Endo'),
    T('飼育員（魚類・無脊椎動物担当）', 'Aquarist (fish and invertebrates)'),
    ['fish', 'invertebrates', 'jelly', 'shark', 'eel'],
    T(
      '三陸の海の大水槽とクラゲの展示を担当しています。地元の漁師さんから届く生きものの話をするのが好きです。',
      'She looks after the Sanriku sea tank and the jellyfish, and loves telling stories about creatures brought in by local fishermen.',
    ),
    { hair: 1, skin: 0, long: true },
    AQUA,
  ),
  staff(
    'sendai-umino-mori',
    'kikuchi-sae',
    T('菊地 紗英', 'Sae Kikuchi'),
    T('広報担当', 'Public relations'),
    ['*'],
    T(
      '水族館のイベントやSNSを担当しています。季節ごとの見どころを分かりやすくお届けします。',
      'She runs the aquarium’s events and social media, sharing the highlights of each season.',
    ),
    { hair: 2, skin: 1 },
    AQUA,
  ),
  // Ueno
  staff(
    'ueno-zoo',
    'tanaka-kenta',
    T('田中 健太', 'Kenta Tanaka'),
    T('飼育員（クマ・ホッキョクグマ担当）', 'Keeper (bears)'),
    ['bear', 'cat', 'seal'],
    T(
      'クマたちの丘とホッキョクグマの展示を担当しています。冬眠前のクマたちの食欲の秋が、一年で一番忙しい季節です。',
      'He cares for the bears of Bear Hill and the polar bear exhibit. The pre-hibernation feeding season in autumn is his busiest time of year.',
    ),
    { hair: 0, skin: 1, cap: true },
    ZOO,
  ),
  staff(
    'ueno-zoo',
    'sato-mika',
    T('佐藤 美香', 'Mika Sato'),
    T('飼育員（小型哺乳類担当）', 'Keeper (small mammals)'),
    ['redpanda', 'monkey', 'rodent', 'hippo', 'horse'],
    T(
      'レッサーパンダやアイアイなど、西園の動物たちを担当しています。動物の小さな変化に気づけるよう、毎日の記録を大切にしています。',
      'She looks after red pandas, aye-ayes and other West Garden animals, and keeps careful daily records so she notices the smallest changes.',
    ),
    { hair: 1, skin: 0, long: true },
    ZOO,
  ),
  staff(
    'ueno-zoo',
    'kobayashi-ryo',
    T('小林 亮', 'Ryo Kobayashi'),
    T('獣医師', 'Veterinarian'),
    ['*'],
    T(
      '動物病院で診療を担当しています。ニホンライチョウの保護増殖事業にも関わっています。',
      'He works at the zoo hospital and is also involved in the breeding programme for the Japanese rock ptarmigan.',
    ),
    { hair: 2, skin: 0, glasses: true },
    ZOO,
  ),
  staff(
    'ueno-zoo',
    'ito-haruka',
    T('伊藤 遥', 'Haruka Ito'),
    T('広報担当', 'Public relations'),
    ['*'],
    T(
      '園の最新情報やイベントをお届けしています。歴史ある上野動物園の新しい楽しみ方を発信中です。',
      'She shares the latest news and events, and new ways to enjoy Japan’s oldest zoo.',
    ),
    { hair: 3, skin: 1, long: true },
    ZOO,
  ),
  // Kasai
  staff(
    'kasai-sea-life-park',
    'yamada-sho',
    T('山田 翔', 'Sho Yamada'),
    T('飼育員（マグロ水槽担当）', 'Aquarist (tuna tank)'),
    ['fish', 'shark', 'eel', 'seahorse'],
    T(
      'ドーナツ型の大水槽でクロマグロの群れを担当しています。水槽に潜っての掃除や給餌も仕事のひとつです。',
      'He looks after the bluefin tuna in the ring-shaped tank, including diving in to clean and feed.',
    ),
    { hair: 0, skin: 1 },
    AQUA,
  ),
  staff(
    'kasai-sea-life-park',
    'inoue-nanami',
    T('井上 七海', 'Nanami Inoue'),
    T('飼育員（海鳥担当）', 'Keeper (seabirds)'),
    ['penguin', 'bird', 'birds'],
    T(
      'ペンギンやエトピリカ、ウミガラスを担当しています。海鳥たちの繁殖シーズンは、巣の様子を見守る毎日です。',
      'She cares for the penguins, tufted puffins and common murres, and spends the breeding season keeping watch over the nests.',
    ),
    { hair: 1, skin: 0, long: true, cap: true },
    AQUA,
  ),
  staff(
    'kasai-sea-life-park',
    'kimura-takeshi',
    T('木村 剛', 'Takeshi Kimura'),
    T('教育普及担当', 'Education officer'),
    ['*'],
    T(
      '東京の海の生きものを紹介する解説やワークショップを担当しています。',
      'He runs talks and workshops introducing the creatures of the seas around Tokyo.',
    ),
    { hair: 2, skin: 1, glasses: true },
    AQUA,
  ),
  // Kamogawa
  staff(
    'kamogawa-sea-world',
    'hayashi-rei',
    T('林 玲', 'Rei Hayashi'),
    T('トレーナー（シャチ担当）', 'Trainer (orcas)'),
    ['whale', 'dolphin'],
    T(
      'シャチのパフォーマンスを担当して10年。シャチたちとの信頼関係づくりを何より大切にしています。',
      'Ten years into working with the orcas, she believes trust between trainer and animal comes before everything.',
    ),
    { hair: 0, skin: 1, long: true },
    AQUA,
  ),
  staff(
    'kamogawa-sea-world',
    'shimizu-yuto',
    T('清水 悠斗', 'Yuto Shimizu'),
    T('トレーナー（アシカ・ベルーガ担当）', 'Trainer (sea lions and belugas)'),
    ['seal', 'whale'],
    T(
      'アシカとベルーガを担当しています。ベルーガの多彩な鳴き声の研究にも取り組んでいます。',
      'He works with the sea lions and belugas and is studying the belugas’ many calls.',
    ),
    { hair: 1, skin: 0 },
    AQUA,
  ),
  staff(
    'kamogawa-sea-world',
    'ishikawa-mai',
    T('石川 舞', 'Mai Ishikawa'),
    T('飼育員（魚類・ウミガメ担当）', 'Aquarist (fish and sea turtles)'),
    ['fish', 'turtle', 'crab', 'eel', 'sunfish', 'penguin'],
    T(
      'エコアクアロームの展示とウミガメを担当しています。夏には鴨川の浜でウミガメの産卵調査にも参加しています。',
      'She looks after the Eco Aquarome exhibits and sea turtles, and joins loggerhead nesting surveys on Kamogawa’s beaches in summer.',
    ),
    { hair: 2, skin: 1, long: true, cap: true },
    AQUA,
  ),
  // Zoorasia
  staff(
    'zoorasia',
    'mori-kaito',
    T('森 海斗', 'Kaito Mori'),
    T('飼育員（アフリカの熱帯雨林担当）', 'Keeper (African rainforest)'),
    ['horse', 'ape', 'pig', 'cat'],
    T(
      'オカピやチンパンジーを担当しています。オカピの繁殖は国内でも例が少なく、毎日が発見の連続です。',
      'He looks after the okapis and chimpanzees. Okapi births are rare in Japan, so every day brings something new.',
    ),
    { hair: 0, skin: 1 },
    ZOO,
  ),
  staff(
    'zoorasia',
    'ikeda-sakura',
    T('池田 さくら', 'Sakura Ikeda'),
    T('飼育員（アジアの熱帯林担当）', 'Keeper (Asian tropical forest)'),
    ['monkey', 'kangaroo', 'dog', 'redpanda', 'elephant', 'bear'],
    T(
      'テングザルやドールなどアジアとオセアニアの動物を担当しています。植物の多い展示場で、動物を探す楽しさを伝えたいです。',
      'She cares for proboscis monkeys, dholes and other animals of Asia and Oceania, and hopes visitors enjoy spotting them among the plants.',
    ),
    { hair: 1, skin: 0, long: true, cap: true },
    ZOO,
  ),
  staff(
    'zoorasia',
    'hashimoto-jun',
    T('橋本 純', 'Jun Hashimoto'),
    T('獣医師', 'Veterinarian'),
    ['*'],
    T(
      '動物たちの健康管理と繁殖を支える獣医師です。妊娠中の動物の超音波検査も担当しています。',
      'A veterinarian supporting health care and breeding, including ultrasound scans of pregnant animals.',
    ),
    { hair: 2, skin: 1, glasses: true },
    ZOO,
  ),
  // Higashiyama
  staff(
    'higashiyama-zoo',
    'kondo-mao',
    T('近藤 真央', 'Mao Kondo'),
    T('飼育員（コアラ担当）', 'Keeper (koalas)'),
    ['koala', 'otter', 'monkey', 'rodent', 'wader'],
    T(
      'コアラ舎で毎朝ユーカリの枝を選ぶところから一日が始まります。コアラの食べ比べの好みは一頭ずつ違います。',
      'Her day begins by choosing eucalyptus branches for the koala house each morning; every koala has its own favourites.',
    ),
    { hair: 1, skin: 0, long: true },
    ZOO,
  ),
  staff(
    'higashiyama-zoo',
    'fujita-ren',
    T('藤田 蓮', 'Ren Fujita'),
    T('飼育員（ゾウ・ゴリラ担当）', 'Keeper (elephants and gorillas)'),
    ['elephant', 'ape', 'giraffe', 'hippo', 'cat'],
    T(
      'アジアゾウの群れとゴリラの担当です。群れの中での関係づくりを、毎日じっくり観察しています。',
      'He looks after the elephant herd and the gorillas, watching closely how relationships form within each group.',
    ),
    { hair: 0, skin: 1, cap: true },
    ZOO,
  ),
  staff(
    'higashiyama-zoo',
    'ogawa-yuna',
    T('小川 優菜', 'Yuna Ogawa'),
    T('広報担当', 'Public relations'),
    ['*'],
    T(
      '動植物園の季節のイベントをお知らせしています。植物園と一緒に楽しむ一日コースのご提案が得意です。',
      'She announces seasonal events and loves suggesting full-day routes that combine the zoo and the botanical garden.',
    ),
    { hair: 3, skin: 0 },
    ZOO,
  ),
  // Nagoya Port
  staff(
    'nagoya-port-aquarium',
    'goto-yusuke',
    T('後藤 雄介', 'Yusuke Goto'),
    T('トレーナー（シャチ・イルカ担当）', 'Trainer (orcas and dolphins)'),
    ['whale', 'dolphin'],
    T(
      'メインプールのイルカパフォーマンスとシャチを担当しています。トレーニングは遊びの延長と考えて、動物が楽しめる工夫をしています。',
      'He works with the dolphins in the main pool and the orcas, treating training as an extension of play.',
    ),
    { hair: 0, skin: 1 },
    AQUA,
  ),
  staff(
    'nagoya-port-aquarium',
    'hasegawa-emi',
    T('長谷川 恵美', 'Emi Hasegawa'),
    T('飼育員（ペンギン担当）', 'Keeper (penguins)'),
    ['penguin'],
    T(
      '南極の海ゾーンでコウテイペンギンたちを担当しています。室温マイナス2℃前後の展示場での作業も慣れたものです。',
      'She looks after the emperor penguins in the Antarctic zone and is used to working at around −2 °C.',
    ),
    { hair: 1, skin: 0, long: true, cap: true },
    AQUA,
  ),
  staff(
    'nagoya-port-aquarium',
    'murakami-sota',
    T('村上 颯太', 'Sota Murakami'),
    T('飼育員（ウミガメ・魚類担当）', 'Aquarist (sea turtles and fish)'),
    ['turtle', 'fish', 'jelly', 'crab', 'shell'],
    T(
      'ウミガメの繁殖研究とマイワシのトルネードを担当しています。',
      'He works on loggerhead breeding research and the sardine tornado.',
    ),
    { hair: 2, skin: 1, glasses: true },
    AQUA,
  ),
  // Tennoji
  staff(
    'tennoji-zoo',
    'yamaguchi-taiga',
    T('山口 大河', 'Taiga Yamaguchi'),
    T('飼育員（アフリカサバンナ担当）', 'Keeper (African savanna)'),
    ['giraffe', 'rhino', 'hippo', 'horse', 'cat', 'ostrich'],
    T(
      'キリンやサイ、カバなどサバンナの動物を担当しています。混合展示で動物同士の関係が見られるのが魅力です。',
      'He looks after giraffes, rhinos, hippos and other savanna animals, and loves how mixed exhibits show animals interacting.',
    ),
    { hair: 0, skin: 1, cap: true },
    ZOO,
  ),
  staff(
    'tennoji-zoo',
    'matsui-kanon',
    T('松井 花音', 'Kanon Matsui'),
    T('飼育員（ホッキョクグマ・ゾウ担当）', 'Keeper (polar bear and elephant)'),
    ['bear', 'elephant', 'seal', 'penguin', 'koala'],
    T(
      'ホッキョクグマとアジアゾウを担当しています。大阪の暑い夏を乗り切る工夫を毎年考えています。',
      'She cares for the polar bear and the Asian elephant and comes up with new ways each year to help them through Osaka’s hot summers.',
    ),
    { hair: 1, skin: 0, long: true },
    ZOO,
  ),
  staff(
    'tennoji-zoo',
    'nishimura-kou',
    T('西村 航', 'Ko Nishimura'),
    T('教育普及担当', 'Education officer'),
    ['*'],
    T(
      'ガイドツアーやナイトZOOの企画を担当しています。都会の真ん中の動物園ならではの楽しみ方を広めたいです。',
      'He plans guided tours and Night Zoo events, sharing the fun of a zoo in the heart of the city.',
    ),
    { hair: 2, skin: 1, glasses: true },
    ZOO,
  ),
  // Kaiyukan
  staff(
    'kaiyukan',
    'okamoto-ayaka',
    T('岡本 彩花', 'Ayaka Okamoto'),
    T('飼育員（太平洋水槽担当）', 'Aquarist (Pacific Ocean tank)'),
    ['shark', 'fish', 'ray', 'sunfish', 'eel'],
    T(
      'ジンベエザメのいる「太平洋」水槽を担当しています。給餌のたびに、ジンベエザメの食べ方の変化を記録しています。',
      'She looks after the Pacific Ocean tank and records how the whale shark feeds at every meal.',
    ),
    { hair: 1, skin: 0, long: true },
    AQUA,
  ),
  staff(
    'kaiyukan',
    'fukuda-haruto',
    T('福田 陽翔', 'Haruto Fukuda'),
    T('飼育員（海獣・海鳥担当）', 'Keeper (marine mammals and birds)'),
    ['seal', 'dolphin', 'penguin', 'otter'],
    T(
      'ワモンアザラシやペンギン、カマイルカを担当しています。北極圏と南極大陸の水槽を行き来する毎日です。',
      'He cares for ringed seals, penguins and Pacific white-sided dolphins, moving between the Arctic and Antarctic exhibits every day.',
    ),
    { hair: 0, skin: 1, cap: true },
    AQUA,
  ),
  staff(
    'kaiyukan',
    'miura-chihiro',
    T('三浦 千尋', 'Chihiro Miura'),
    T('飼育員（クラゲ・無脊椎動物担当）', 'Aquarist (jellyfish and invertebrates)'),
    ['jelly', 'crab', 'invertebrates'],
    T(
      'クラゲの繁殖と展示を担当しています。ポリプから育てたクラゲが展示デビューする日が一番の楽しみです。',
      'She breeds and displays the jellyfish; her favourite day is when jellyfish raised from polyps make their public debut.',
    ),
    { hair: 2, skin: 0, glasses: true, long: true },
    AQUA,
  ),
  // Oji
  staff(
    'oji-zoo',
    'takeda-yuma',
    T('武田 悠真', 'Yuma Takeda'),
    T('飼育員（ゾウ・キリン担当）', 'Keeper (elephants and giraffes)'),
    ['elephant', 'giraffe', 'hippo', 'horse', 'cat'],
    T(
      'アジアゾウとキリンを担当しています。長生きのゾウの健康を支える毎日のケアに力を入れています。',
      'He looks after the Asian elephant and giraffes, with a focus on the daily care that keeps an older elephant healthy.',
    ),
    { hair: 0, skin: 1 },
    ZOO,
  ),
  staff(
    'oji-zoo',
    'noguchi-hina',
    T('野口 ひな', 'Hina Noguchi'),
    T('飼育員（コアラ・ふれあい広場担当）', 'Keeper (koalas and petting area)'),
    ['koala', 'rodent', 'goat', 'redpanda', 'wader', 'penguin', 'bird'],
    T(
      'コアラとふれあい広場の動物たちを担当しています。小さなお子さんが動物にやさしく触れられるよう、お手伝いしています。',
      'She cares for the koalas and the petting-area animals and helps young children learn to touch animals gently.',
    ),
    { hair: 1, skin: 0, long: true, cap: true },
    ZOO,
  ),
  // Kyoto
  staff(
    'kyoto-city-zoo',
    'ueda-sosuke',
    T('上田 蒼介', 'Sosuke Ueda'),
    T('飼育員（ゾウ担当）', 'Elephant keeper'),
    ['elephant', 'giraffe', 'horse', 'hippo'],
    T(
      'ラオスから来たゾウたちの群れづくりに取り組んできました。ゾウ同士の関係が深まっていく様子をお伝えします。',
      'He has helped the elephants from Laos form a herd and shares how their bonds grow.',
    ),
    { hair: 0, skin: 1, cap: true },
    ZOO,
  ),
  staff(
    'kyoto-city-zoo',
    'maeda-kotone',
    T('前田 琴音', 'Kotone Maeda'),
    T('飼育員（霊長類担当）', 'Keeper (primates)'),
    ['ape', 'monkey', 'redpanda', 'cat'],
    T(
      'ゴリラやチンパンジーを担当しています。大学と協力した認知研究のお手伝いもしています。',
      'She looks after the gorillas and chimpanzees and assists with cognitive research carried out with a local university.',
    ),
    { hair: 1, skin: 0, long: true },
    ZOO,
  ),
  staff(
    'kyoto-city-zoo',
    'hirano-kazuya',
    T('平野 和也', 'Kazuya Hirano'),
    T('教育普及担当', 'Education officer'),
    ['*'],
    T(
      '「京都の森」の生きものや里山の自然を紹介するプログラムを担当しています。',
      'He runs programmes on the wildlife of the Kyoto Forest and the satoyama countryside.',
    ),
    { hair: 2, skin: 1, glasses: true },
    ZOO,
  ),
  // Asa
  staff(
    'asa-zoo',
    'ota-naoki',
    T('太田 直樹', 'Naoki Ota'),
    T('飼育員（オオサンショウウオ担当）', 'Keeper (giant salamanders)'),
    ['salamander', 'amphibians', 'rodent', 'goat'],
    T(
      'オオサンショウウオの飼育と野外調査を担当しています。夏の夜は川に入って、野生個体の調査を行っています。',
      'He cares for the giant salamanders and joins field surveys, wading into rivers on summer nights to study wild animals.',
    ),
    { hair: 0, skin: 1, cap: true },
    ZOO,
  ),
  staff(
    'asa-zoo',
    'kubo-misaki',
    T('久保 美咲', 'Misaki Kubo'),
    T('飼育員（サイ・ゾウ担当）', 'Keeper (rhinos and elephants)'),
    ['rhino', 'elephant', 'giraffe', 'horse', 'cat', 'bear', 'redpanda'],
    T(
      'ヒガシクロサイとアフリカゾウを担当しています。クロサイの赤ちゃんの成長を見守るのが今の一番の楽しみです。',
      'She looks after the eastern black rhinos and African elephants, and is enjoying watching the new rhino calf grow.',
    ),
    { hair: 1, skin: 0, long: true },
    ZOO,
  ),
  staff(
    'asa-zoo',
    'sugimoto-kenji',
    T('杉本 健二', 'Kenji Sugimoto'),
    T('獣医師', 'Veterinarian'),
    ['*'],
    T(
      '動物たちの健康管理を担当する獣医師です。高齢の動物のケアについての発信にも力を入れています。',
      'A veterinarian in charge of the animals’ health care, with a special interest in caring for elderly animals.',
    ),
    { hair: 2, skin: 1, glasses: true },
    ZOO,
  ),
  // Katsurahama
  staff(
    'katsurahama-aquarium',
    'kataoka-riku',
    T('片岡 陸', 'Riku Kataoka'),
    T('飼育員（トド・アシカ担当）', 'Keeper (sea lions)'),
    ['seal', 'otter', 'penguin'],
    T(
      'トドとアシカを担当しています。餌やり体験では、トドの迫力を間近で感じてもらえるよう解説しています。',
      'He looks after the Steller and California sea lions and guides visitors through feeding sessions so they can feel the sea lions’ power up close.',
    ),
    { hair: 0, skin: 2, cap: true },
    AQUA,
  ),
  staff(
    'katsurahama-aquarium',
    'yamamoto-natsuki',
    T('山本 夏希', 'Natsuki Yamamoto'),
    T('飼育員（魚類担当）', 'Aquarist (fish)'),
    ['fish', 'eel', 'turtle', 'jelly', 'crab', 'sunfish'],
    T(
      'アカメや四万十川の生きものを担当しています。高知の海と川の豊かさを伝えたいと思っています。',
      'She cares for the Japanese lates and creatures of the Shimanto River, and wants to share the richness of Kochi’s seas and rivers.',
    ),
    { hair: 1, skin: 1, long: true },
    AQUA,
  ),
  // Itozu
  staff(
    'itozu-zoo',
    'nakashima-ryota',
    T('中島 亮太', 'Ryota Nakashima'),
    T('飼育員（ふれあい動物園担当）', 'Keeper (petting zoo)'),
    ['horse', 'rodent', 'goat', 'insect', 'invertebrates'],
    T(
      'ロバやモルモットなど、ふれあい動物園の動物たちを担当しています。ロバの乗馬体験も案内しています。',
      'He looks after the donkeys, guinea pigs and other petting-zoo animals and runs the donkey rides.',
    ),
    { hair: 0, skin: 1 },
    ZOO,
  ),
  staff(
    'itozu-zoo',
    'hirata-mio',
    T('平田 美緒', 'Mio Hirata'),
    T('飼育員（草原の世界担当）', 'Keeper (Grassland World)'),
    ['giraffe', 'horse', 'hippo', 'cat', 'ape', 'monkey', 'redpanda', 'wader', 'bird', 'dog'],
    T(
      'キリンやシマウマ、ライオンを担当しています。動物たちが自然に近い環境でのびのび過ごせるよう工夫しています。',
      'She cares for the giraffes, zebras and lion and works to give them room to behave naturally.',
    ),
    { hair: 1, skin: 0, long: true, cap: true },
    ZOO,
  ),
  staff(
    'itozu-zoo',
    'sakamoto-koki',
    T('坂本 光希', 'Koki Sakamoto'),
    T('広報担当', 'Public relations'),
    ['*'],
    T(
      '市民に愛される動物園の魅力を発信しています。ボランティアの皆さんとのイベントづくりも担当しています。',
      'He shares what makes the community’s beloved zoo special and organises events with volunteers.',
    ),
    { hair: 2, skin: 1, glasses: true },
    ZOO,
  ),
  // Churaumi
  staff(
    'churaumi-aquarium',
    'higa-kenshin',
    T('比嘉 健真', 'Kenshin Higa'),
    T('飼育員（黒潮の海担当）', 'Aquarist (Kuroshio Sea tank)'),
    ['shark', 'ray', 'fish', 'eel'],
    T(
      'ジンベエザメとマンタのいる大水槽を担当しています。立ち泳ぎで食べるジンベエザメの給餌は、何度見ても迫力があります。',
      'He looks after the giant tank of whale sharks and manta rays; watching a whale shark feed upright never gets old.',
    ),
    { hair: 0, skin: 2 },
    AQUA,
  ),
  staff(
    'churaumi-aquarium',
    'oshiro-mana',
    T('大城 真菜', 'Mana Oshiro'),
    T('飼育員（サンゴ・深海担当）', 'Aquarist (corals and deep sea)'),
    ['coral', 'shell', 'squid', 'star', 'fish', 'invertebrates'],
    T(
      'サンゴの海と深海の展示を担当しています。水槽のサンゴが一斉に産卵する夜は、泊まり込みで観察します。',
      'She cares for the coral and deep-sea exhibits and stays overnight to watch the corals spawn.',
    ),
    { hair: 1, skin: 2, long: true },
    AQUA,
  ),
  staff(
    'churaumi-aquarium',
    'chinen-yuki',
    T('知念 勇樹', 'Yuki Chinen'),
    T('トレーナー（イルカ・海獣担当）', 'Trainer (dolphins and marine mammals)'),
    ['dolphin', 'manatee', 'turtle'],
    T(
      'オキちゃん劇場のイルカたちとマナティーを担当しています。沖縄の海の魅力をイルカと一緒に伝えています。',
      'He works with the dolphins of the Okichan Theater and the manatees, sharing the wonder of Okinawa’s seas.',
    ),
    { hair: 2, skin: 2, cap: true },
    AQUA,
  ),
  // Toba
  staff(
    'toba-aquarium',
    'wada-keiko',
    T('和田 恵子', 'Keiko Wada'),
    T('飼育員（ジュゴン・マナティー担当）', 'Keeper (dugong and manatee)'),
    ['manatee', 'seaotter', 'whale'],
    T(
      '日本で唯一のジュゴンを担当しています。海草を一日に何十キロも準備するのが朝の日課です。',
      'She looks after Japan’s only dugong, and preparing dozens of kilograms of seagrass is her morning routine.',
    ),
    { hair: 1, skin: 0, long: true },
    AQUA,
  ),
  staff(
    'toba-aquarium',
    'tsuji-hiroki',
    T('辻 大樹', 'Hiroki Tsuji'),
    T('飼育員（海獣担当）', 'Keeper (marine mammals)'),
    ['seal', 'seaotter', 'penguin', 'whale'],
    T(
      'ラッコやセイウチ、アシカを担当しています。ラッコの毛づくろいの時間は見逃せません。',
      'He cares for the sea otters, walruses and sea lions; don’t miss the sea otters’ grooming time.',
    ),
    { hair: 0, skin: 1, cap: true },
    AQUA,
  ),
  staff(
    'toba-aquarium',
    'kawai-shiori',
    T('河合 栞', 'Shiori Kawai'),
    T('飼育員（へんな生きもの担当）', 'Aquarist (strange creatures)'),
    ['insect', 'crab', 'fish', 'eel', 'salamander', 'frog', 'invertebrates', 'amphibians'],
    T(
      'ダイオウグソクムシなど「へんな生きもの」の展示を担当しています。深海生物のふしぎを楽しく伝えるのが目標です。',
      'She looks after the giant isopods and other “strange creatures”, and aims to make the mysteries of the deep sea fun.',
    ),
    { hair: 2, skin: 0, glasses: true, long: true },
    AQUA,
  ),
];

export const staffForPark = (parkSlug: string): StaffSeed[] => STAFF.filter((s) => s.parkSlug === parkSlug);
