// Story templates written by keepers. Each topic says which animals it suits and renders a title,
// body (paragraphs separated by a blank line) and image captions in Japanese and English.
import { enName, jaName } from './species';
import type { ParkAnimalSeed, ParkSeed, SpeciesSeed, StaffSeed, Text } from './types';

export interface StoryContext {
  park: ParkSeed;
  staff: StaffSeed;
  animal: ParkAnimalSeed | null;
  species: SpeciesSeed | null;
  /** Age in days of a young individual when the story is published. */
  ageDays: number | null;
}

export interface Topic {
  key: string;
  kind: 'article' | 'short_movie';
  /** Season the topic belongs to (months 1-12); the seed publishes it inside that season when it can. */
  months?: number[];
  /** Only written by a keeper who looks after this kind of animal (the text quotes "the keeper in charge"). */
  needsKeeper?: boolean;
  applies: (s: SpeciesSeed | null, a: ParkAnimalSeed | null, park: ParkSeed) => boolean;
  render: (c: StoryContext) => { title: Text; paragraphs: Text[]; captions: Text[] };
}

// ---------------------------------------------------------------------------------------------
// Wording helpers

interface Words {
  /** 「レッサーパンダのハナビ」 or 「フンボルトペンギンたち」 */
  sj: string;
  /** 「ハナビ」 or 「フンボルトペンギンたち」 */
  nj: string;
  /** "Hanabi the red panda" or "our Humboldt penguins" */
  se: string;
  /** "Hanabi" or "the Humboldt penguins" */
  ne: string;
  /** Capitalised ne. */
  Ne: string;
  spJ: string;
  spE: string;
  spEs: string;
  plural: boolean;
  /** he / she / it / they */
  they: string;
  They: string;
  their: string;
  them: string;
  v: (singular: string, plural: string) => string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a" or "an" before a word. */
const an = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

function words(c: StoryContext): Words {
  const s = c.species;
  const a = c.animal;
  const spJ = s ? jaName(s) : '';
  const spE = s ? enName(s) : '';
  const spEs = s ? enName(s, true) : '';
  const group = !a || a.isGroup;
  const warm = s && (s.tag === 'mammals' || s.tag === 'marine-mammals' || s.tag === 'birds');
  const they = group ? 'they' : a.gender === 1 ? 'he' : a.gender === 2 ? 'she' : warm ? 'they' : 'it';
  const plural = they === 'they';
  const ne = group ? `the ${spEs}` : a.nickname.en;
  return {
    sj: group ? `${spJ}たち` : `${spJ}の${a.nickname.ja}`,
    nj: group ? `${spJ}たち` : a.nickname.ja,
    se: group ? `our ${spEs}` : `${a.nickname.en} the ${spE}`,
    ne,
    Ne: cap(ne),
    spJ,
    spE,
    spEs,
    plural,
    they,
    They: cap(they),
    their: { he: 'his', she: 'her', it: 'its', they: 'their' }[they] ?? 'their',
    them: { he: 'him', she: 'her', it: 'it', they: 'them' }[they] ?? 'them',
    v: (singular, pluralForm) => (plural ? pluralForm : singular),
  };
}

const P = (ja: string, en: string): Text => ({ ja, en });

const PROPER_START =
  /^(Arctic|Antarctic|African|Asian|East|West|Central|South|North|Japan|Lake|Gir|Aldabra|Okinawa|Pacific|Indian|Rocky Mountains|Madagascar|Borneo|Sumatra|Hokkaido|Honshu|Sub-Antarctic)\b/;

/** A text placed in the middle of an English sentence: lower-case its first letter unless it is a proper noun. */
const mid = (text: string): string => {
  if (text.startsWith('The ')) return `the ${text.slice(4)}`;
  if (PROPER_START.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
};

/** The foods of a species as a phrase: "おもにアザラシ" / "mainly seals". */
const dietPhrase = (s: SpeciesSeed): Text => {
  const ja = s.diet.ja.replace(/^(肉食|雑食|植物食|植物食中心)（(.*)）$/, '$2');
  let en = s.diet.en;
  if (en.includes(':')) en = en.slice(en.indexOf(':') + 1).trim();
  else en = en.replace(/^(Carnivore|Omnivore|Plants),\s*/, '');
  return { ja, en: mid(en) };
};

type FoodKind = 'meat' | 'fish' | 'bamboo' | 'eucalyptus' | 'insects' | 'plants' | 'browse' | 'plankton' | 'mixed';

function foodKind(s: SpeciesSeed): FoodKind {
  const d = s.diet.ja;
  if (d.includes('ユーカリ')) return 'eucalyptus';
  if (d.includes('竹')) return 'bamboo';
  if (d.includes('プランクトン') && !d.includes('魚')) return 'plankton';
  if (d.startsWith('肉食')) return 'meat';
  if (d.startsWith('植物') || d.includes('海草') || d.includes('草')) {
    if (d.includes('魚')) return 'mixed';
    return (s.weightKg ?? 0) < 15 ? 'browse' : 'plants';
  }
  if (d.startsWith('アリ') || d.startsWith('昆虫')) return 'insects';
  if (d.includes('魚') || d.includes('イカ') || d.includes('オキアミ')) return 'fish';
  return 'mixed';
}

const FOOD: Record<FoodKind, { ja: string; en: string; treatJa: string; treatEn: string }> = {
  meat: { ja: '馬肉や鶏肉', en: 'horse meat and chicken', treatJa: 'お肉', treatEn: 'meat' },
  fish: {
    ja: 'アジやホッケなどの魚',
    en: 'fish such as horse mackerel and Atka mackerel',
    treatJa: '魚',
    treatEn: 'fish',
  },
  bamboo: { ja: '竹や笹、リンゴ', en: 'bamboo, bamboo leaves and apples', treatJa: 'リンゴ', treatEn: 'apple' },
  eucalyptus: {
    ja: '数種類のユーカリの葉',
    en: 'several kinds of eucalyptus leaves',
    treatJa: 'ユーカリの新芽',
    treatEn: 'fresh eucalyptus shoots',
  },
  insects: {
    ja: '昆虫や専用の配合飼料',
    en: 'insects and a special formula feed',
    treatJa: 'ミルワーム',
    treatEn: 'mealworms',
  },
  plants: { ja: '干し草や野菜、果物', en: 'hay, vegetables and fruit', treatJa: '果物', treatEn: 'fruit' },
  browse: { ja: '木の葉や野菜、果物', en: 'leaves, vegetables and fruit', treatJa: '果物', treatEn: 'fruit' },
  plankton: {
    ja: 'アミやオキアミなどの小さな生きもの',
    en: 'tiny animals such as mysid shrimp and krill',
    treatJa: 'アミ',
    treatEn: 'mysid shrimp',
  },
  mixed: {
    ja: '野菜や果物、魚や昆虫など',
    en: 'vegetables, fruit, fish and insects',
    treatJa: '好物',
    treatEn: 'favourite food',
  },
};

/** Parks that hold a penguin walk. */
export const PENGUIN_WALK_PARKS = ['asahiyama-zoo'];

const isShape = (s: SpeciesSeed | null, ...shapes: string[]) => !!s && shapes.includes(s.art.shape);
const isTag = (s: SpeciesSeed | null, ...tags: string[]) => !!s && tags.includes(s.tag);
const coldScene = (s: SpeciesSeed | null) => !!s && ['ice', 'snow', 'mountain'].includes(s.art.scene);
const warmScene = (s: SpeciesSeed | null) =>
  !!s && ['jungle', 'savanna', 'desert', 'reef', 'wetland'].includes(s.art.scene);
const isIndividual = (a: ParkAnimalSeed | null) => !!a && !a.isGroup;
const isBaby = (a: ParkAnimalSeed | null) => !!a && !a.isGroup && typeof a.birthday === 'number';
const parkNoun = (c: StoryContext) => (c.park.kind === 'zoo' ? P('動物園', 'zoo') : P('水族館', 'aquarium'));
const keeperJa = (c: StoryContext) => c.staff.name.ja.split(' ')[0] ?? c.staff.name.ja;
const keeperEn = (c: StoryContext) => c.staff.name.en;
const ageMonths = (c: StoryContext) => Math.max(1, Math.round((c.ageDays ?? 30) / 30));

// ---------------------------------------------------------------------------------------------
// Articles about an animal

export const ANIMAL_ARTICLES: Topic[] = [
  {
    key: 'baby',
    kind: 'article',
    needsKeeper: true,
    applies: (_s, a) => isBaby(a),
    render: (c) => {
      const w = words(c);
      const m = ageMonths(c);
      return {
        title: P(
          `${w.spJ}の赤ちゃん「${w.nj}」が生後${m}か月を迎えました`,
          `Baby ${w.spE} ${w.ne} is ${m} month${m > 1 ? 's' : ''} old`,
        ),
        paragraphs: [
          P(
            `${c.park.name.ja}で生まれた${w.spJ}の赤ちゃん「${w.nj}」が、生後${m}か月を迎えました。生まれた直後は母親のそばを離れませんでしたが、最近は少しずつ一人で展示場を探検するようになっています。`,
            `${w.Ne}, the baby ${w.spE} born at ${c.park.name.en}, is now ${m} month${m > 1 ? 's' : ''} old. At first ${w.they} never left ${w.their} mother’s side, but lately ${w.they} ${w.v('has', 'have')} started exploring the enclosure alone, a little at a time.`,
          ),
          P(
            `体重は順調に増えており、大人の食べ物にも興味を示すようになりました。母親が食べているものをじっと見つめたり、まねして口に入れてみたりする姿が見られます。`,
            `${w.They} ${w.v('is', 'are')} gaining weight steadily and ${w.v('has', 'have')} started taking an interest in adult food, watching closely what ${w.their} mother eats and trying a mouthful in imitation.`,
          ),
          P(
            `担当の${keeperJa(c)}は「毎日できることが増えていくのが本当に楽しみです。成長の様子をこれからもお伝えしていきます」と話しています。`,
            `“Every day ${w.they} can do something new, and it’s a joy to watch,” says keeper ${keeperEn(c)}. “We’ll keep sharing how ${w.they} ${w.v('grows', 'grow')}.”`,
          ),
          P(
            '赤ちゃんの公開時間は、体調や天候により変更・中止することがあります。観覧の際は大きな声やフラッシュ撮影をお控えください。',
            'Viewing times may change or be cancelled depending on the baby’s condition and the weather. Please keep your voice down and do not use flash photography.',
          ),
        ],
        captions: [
          P(`母親に寄り添う${w.nj}`, `${w.Ne} snuggling up to ${w.their} mother`),
          P('展示場を探検中', 'Exploring the enclosure'),
          P('お昼寝の時間', 'Nap time'),
        ],
      };
    },
  },
  {
    key: 'birthday',
    kind: 'article',
    applies: (s, a) =>
      isIndividual(a) && typeof a?.birthday === 'string' && !!s && s.tag !== 'fish' && s.tag !== 'invertebrates',
    render: (c) => {
      const w = words(c);
      const f = FOOD[foodKind(c.species as SpeciesSeed)];
      return {
        title: P(`${w.nj}の誕生日をお祝いしました`, `Happy birthday, ${w.ne}!`),
        paragraphs: [
          P(
            `${w.sj}の誕生日をお祝いして、飼育員手づくりの特製ケーキをプレゼントしました。土台は氷と${f.ja}、てっぺんには大好物の${f.treatJa}をたっぷりのせています。`,
            `To celebrate the birthday of ${w.se}, the keepers made a special cake: a base of ice and ${f.en}, piled high with ${w.their} favourite ${f.treatEn}.`,
          ),
          P(
            `${w.nj}はケーキのまわりを何度も確かめたあと、まずは${f.treatJa}から食べ始めました。集まってくださった皆さんからは「おめでとう」の声がかかり、あたたかい雰囲気のお祝いになりました。`,
            `${w.Ne} checked the cake from every angle before tucking into the ${f.treatEn} first. Visitors gathered round to call out “Happy birthday!”, making it a warm celebration.`,
          ),
          P(
            `これからも健康に過ごせるよう、日々の体調管理をしっかり行っていきます。園内で${w.nj}を見かけたら、ぜひ声をかけてあげてください。`,
            `We will keep looking after ${w.their} health every day. If you see ${w.ne} during your visit, do say hello.`,
          ),
        ],
        captions: [
          P('特製のバースデーケーキ', 'The special birthday cake'),
          P(`ケーキを味わう${w.nj}`, `${w.Ne} enjoying the cake`),
          P('お祝いに集まってくださった皆さん', 'Visitors who came to celebrate'),
        ],
      };
    },
  },
  {
    key: 'feeding',
    kind: 'article',
    applies: (s) => !!s,
    render: (c) => {
      const w = words(c);
      const s = c.species as SpeciesSeed;
      const f = FOOD[foodKind(s)];
      return {
        title: P(`${w.spJ}のお食事タイムをのぞいてみよう`, `A look at feeding time for ${w.se}`),
        paragraphs: [
          P(
            `野生の${w.spJ}は${s.habitat.ja}で暮らし、おもな食べ物は${dietPhrase(s).ja}です。${c.park.name.ja}では、${f.ja}を中心に、栄養のバランスを考えたメニューを用意しています。`,
            `In the wild, ${enName(s, true)} live in ${mid(s.habitat.en)} and feed on ${dietPhrase(s).en}. At ${c.park.name.en} we serve a balanced menu built around ${f.en}.`,
          ),
          P(
            `食べる量や好みは個体によって違うため、毎日の食べ残しを記録して、季節や体調に合わせて内容を調整しています。食べる様子は健康状態を知る大切な手がかりです。`,
            `Appetites and tastes differ between individuals, so we record any leftovers every day and adjust the menu to the season and each animal’s condition. How an animal eats is one of our best clues to its health.`,
          ),
          P(
            `お食事タイムでは、担当飼育員が食べ方の特徴や体のしくみを解説します。実施時間は園内の掲示や公式サイトでご確認ください。`,
            `During feeding time, a keeper explains how ${w.ne} ${w.v('eats', 'eat')} and how ${w.their} bodies are built for it. Check the signs in the park or the website for times.`,
          ),
        ],
        captions: [
          P('今日のメニュー', 'Today’s menu'),
          P(`食事中の${w.nj}`, `${w.Ne} at mealtime`),
          P('調理場で準備をする飼育員', 'A keeper preparing food in the kitchen'),
        ],
      };
    },
  },
  {
    key: 'enrichment',
    kind: 'article',
    applies: (s) => isTag(s, 'mammals') && !isShape(s, 'rodent', 'koala', 'sloth'),
    render: (c) => {
      const w = words(c);
      const s = c.species as SpeciesSeed;
      const toy: Text = isShape(s, 'ape', 'monkey')
        ? P(
            '穴をあけた竹筒にナッツやはちみつを詰めた「フィーダー」',
            'a feeder made from hollow bamboo stuffed with nuts and honey',
          )
        : isShape(s, 'elephant', 'giraffe', 'hippo', 'rhino', 'horse', 'deer', 'goat', 'camel')
          ? P('干し草を詰めた目の細かいネット', 'fine-meshed nets stuffed with hay')
          : isShape(s, 'cat', 'dog', 'bear', 'panda')
            ? P(
                'ハーブやスパイスでにおいをつけた麻袋と、大きなブイ',
                'burlap sacks scented with herbs and spices, plus a large buoy',
              )
            : P('中に好物を隠したパズル式の給餌器', 'a puzzle feeder with treats hidden inside');
      return {
        title: P(`${w.sj}に新しい遊び道具を用意しました`, `New enrichment toys for ${w.se}`),
        paragraphs: [
          P(
            `動物たちが野生と同じように頭や体を使って過ごせるよう、飼育環境に工夫を加える「環境エンリッチメント」に取り組んでいます。今回、${w.sj}のために${toy.ja}を用意しました。`,
            `We practise “environmental enrichment”: adding variety to the animals’ surroundings so that they use their minds and bodies as they would in the wild. This time we prepared ${toy.en} for ${w.se}.`,
          ),
          P(
            `初日は少し警戒していましたが、においを確かめたあとは夢中になって遊び、食べ物を取り出すまでに30分以上かけていました。探す・考える時間が増えることは、動物にとって大切な刺激になります。`,
            `On the first day ${w.they} ${w.v('was', 'were')} a little wary, but after a good sniff ${w.they} got absorbed and spent over 30 minutes working the food out. More time spent searching and thinking is an important stimulus for animals.`,
          ),
          P(
            `道具は来園者の皆さんから寄付していただいた材料も使って、飼育員が手づくりしています。時間帯によって置く場所を変えているので、いろいろな遊び方を観察してみてください。`,
            `The keepers make these toys by hand, partly from materials donated by visitors. We move them around at different times of day, so look out for the many ways ${w.they} ${w.v('plays', 'play')} with them.`,
          ),
        ],
        captions: [
          P('手づくりの遊び道具', 'A hand-made enrichment toy'),
          P(`夢中で遊ぶ${w.nj}`, `${w.Ne} hard at play`),
          P('道具づくりの様子', 'Making the toys'),
        ],
      };
    },
  },
  {
    key: 'ice-gift',
    kind: 'article',
    months: [7, 8, 9],
    applies: (s) => isShape(s, 'bear', 'cat', 'ape', 'monkey', 'otter', 'seal', 'redpanda', 'dog', 'elephant'),
    render: (c) => {
      const w = words(c);
      const f = FOOD[foodKind(c.species as SpeciesSeed)];
      return {
        title: P(`暑い日には${w.sj}へ氷のプレゼント`, `Ice treats for ${w.se} on hot days`),
        paragraphs: [
          P(
            `気温の高い日には、${f.treatJa}を閉じ込めた大きな氷のかたまりをプレゼントしています。涼しくなるだけでなく、中の食べ物を取り出そうとなめたり、転がしたりと、長い時間楽しんでくれます。`,
            `On hot days we hand out big blocks of ice with ${f.treatEn} frozen inside. As well as cooling ${w.them} down, the ice keeps ${w.them} busy for ages, licking and rolling it to get at the food.`,
          ),
          P(
            `氷は前日から調理場の冷凍庫で少しずつ凍らせて作ります。色とりどりの${f.treatJa}が層になるよう、飼育員が見た目にもこだわっています。`,
            `The blocks are frozen layer by layer in the kitchen freezer the day before, and the keepers take care to make the colourful layers look good too.`,
          ),
          P(
            `暑さ対策として、日よけやミストの設置、プールの水の入れ替えなども行っています。来園される皆さんも、水分補給をしながらお楽しみください。`,
            `To beat the heat we also put up shades, run misting sprays and refresh the pool water more often. Please remember to keep yourself hydrated during your visit too.`,
          ),
        ],
        captions: [P('氷のプレゼント', 'The ice treat'), P(`氷をかかえる${w.nj}`, `${w.Ne} hugging the ice`)],
      };
    },
  },
  {
    key: 'health',
    kind: 'article',
    applies: (s) =>
      isShape(
        s,
        'elephant',
        'giraffe',
        'hippo',
        'rhino',
        'bear',
        'cat',
        'ape',
        'dolphin',
        'whale',
        'seal',
        'manatee',
        'penguin',
      ),
    render: (c) => {
      const w = words(c);
      return {
        title: P(
          `${w.sj}の健康チェックとハズバンダリートレーニング`,
          `Health checks and husbandry training for ${w.se}`,
        ),
        paragraphs: [
          P(
            `${c.park.name.ja}では、動物に負担をかけずに健康状態を確認するため「ハズバンダリートレーニング」を行っています。${w.sj}も、体重計に乗る、口を開ける、足の裏を見せるといった動作を、少しずつ覚えてきました。`,
            `At ${c.park.name.en} we use husbandry training to check the animals’ health without stress. ${cap(w.se)} ${w.v('has', 'have')} gradually learned to step onto the scales, open ${w.their} mouth and show the soles of ${w.their} feet.`,
          ),
          P(
            `トレーニングは、できたらごほうびをあげる方法で行い、動物が自分から参加したくなるよう工夫しています。この日は獣医師と一緒に体重測定と口の中のチェックを行い、どちらも問題ありませんでした。`,
            `Training uses rewards, so that the animals want to take part. On this day a veterinarian joined us to weigh ${w.them} and look inside ${w.their} mouth, and everything was fine.`,
          ),
          P(
            `こうした日々の積み重ねが、病気の早期発見や、麻酔を使わない検査につながります。トレーニングの様子は展示場から見られることもありますので、ぜひ観察してみてください。`,
            `This day-to-day work helps us spot illness early and carry out examinations without anaesthesia. Sometimes you can watch the training from the viewing area.`,
          ),
        ],
        captions: [
          P('体重測定の様子', 'Weighing time'),
          P('獣医師によるチェック', 'A check by the vet'),
          P('ごほうびをもらう瞬間', 'Reward time'),
        ],
      };
    },
  },
  {
    key: 'new-arrival',
    kind: 'article',
    applies: (s, a) => isIndividual(a) && typeof a?.birthday === 'string' && !!s?.endangered,
    render: (c) => {
      const w = words(c);
      return {
        title: P(
          `${w.spJ}の「${w.nj}」が新しい展示場で暮らし始めました`,
          `${w.Ne} the ${w.spE} settles into a new home`,
        ),
        paragraphs: [
          P(
            `${w.sj}が、リニューアルした展示場での暮らしを始めました。新しい環境に慣れるまでは、寝室と展示場を行き来する時間を少しずつ延ばしてきました。`,
            `${cap(w.se)} ${w.v('has', 'have')} moved into a renovated enclosure. To help ${w.them} adjust, we gradually extended the time ${w.they} spent going back and forth between the bedroom and the new space.`,
          ),
          P(
            `${w.spJ}は国際的な血統登録にもとづいて、国内外の動物園と協力しながら計画的に繁殖に取り組んでいる動物です。${w.nj}にも、将来のパートナーとの出会いが期待されています。`,
            `${cap(enName(c.species as SpeciesSeed, true))} are bred under an international studbook, with zoos at home and abroad working together. We hope ${w.ne} will one day meet a future partner too.`,
          ),
          P(
            `展示場では、高い場所や隠れ場所など、${w.nj}がお気に入りの場所を見つけられるよう工夫しています。どこで過ごしているか探してみてください。`,
            `The new enclosure has high perches and hiding places so ${w.ne} can pick favourite spots. See if you can find where ${w.they} ${w.v('is', 'are')} resting.`,
          ),
        ],
        captions: [P('新しい展示場', 'The new enclosure'), P(`あたりを見回す${w.nj}`, `${w.Ne} taking a look around`)],
      };
    },
  },
  {
    key: 'snow-day',
    kind: 'article',
    months: [12, 1, 2, 3],
    applies: (s, _a, park) =>
      coldScene(s) && isTag(s, 'mammals', 'birds', 'marine-mammals') && park.prefectureId <= 7 && park.kind === 'zoo',
    render: (c) => {
      const w = words(c);
      return {
        title: P(`雪の日の${w.sj}`, `${cap(w.se)} on a snowy day`),
        paragraphs: [
          P(
            `寒い地域で暮らす${w.spJ}にとって、雪は大好きな遊び相手です。雪が積もった朝は、展示場に出るなり雪の上を転げ回ったり、顔をうずめたりする姿が見られます。`,
            `For ${w.spEs}, built for cold climates, snow is a favourite plaything. On snowy mornings ${w.they} roll around and bury ${w.their} faces in it as soon as ${w.they} step outside.`,
          ),
          P(
            `厚い毛や脂肪に守られているため、冬でも元気いっぱいです。むしろ夏より動きが活発になるので、冬の来園はおすすめです。`,
            `Protected by thick fur and fat, ${w.they} ${w.v('stays', 'stay')} lively all winter, and ${w.v('is', 'are')} often more active than in summer, which makes winter a great time to visit.`,
          ),
          P(
            '冬の園路は凍結することがあります。滑りにくい靴と暖かい服装でお越しください。',
            'Paths can be icy in winter, so please wear non-slip shoes and dress warmly.',
          ),
        ],
        captions: [
          P('雪の上でひと休み', 'A rest in the snow'),
          P(`雪遊びをする${w.nj}`, `${w.Ne} playing in the snow`),
        ],
      };
    },
  },
  {
    key: 'winter-warm',
    kind: 'article',
    months: [11, 12, 1, 2],
    applies: (s) => warmScene(s) && isTag(s, 'mammals', 'birds', 'reptiles') && !isShape(s, 'rodent'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`${w.spJ}の冬じたく`, `Getting ready for winter: ${w.spEs}`),
        paragraphs: [
          P(
            `${w.spJ}のふるさとは${(c.species as SpeciesSeed).habitat.ja}です。日本の冬の寒さは苦手なため、寝室には床暖房や暖房器具を用意し、室温を管理しています。`,
            `${cap(w.spEs)} come from ${mid((c.species as SpeciesSeed).habitat.en)}, so Japanese winters are hard on them. Their bedrooms have floor heating and heaters to keep the temperature right.`,
          ),
          P(
            `気温が低い日は、屋外の展示場に出る時間を短くしたり、暖かい屋内展示に切り替えたりしています。外で見られない日もありますが、ご理解ください。`,
            `On cold days we shorten their time outdoors or switch to the heated indoor exhibit, so they may not always be outside.`,
          ),
          P(
            `寒い時期は食事の量を少し増やし、体調の変化に特に気をつけています。暖かい日のお昼前後が、屋外で見られるチャンスです。`,
            `In the cold months we increase their food a little and watch closely for any change in condition. Late morning on a mild day is your best chance to see them outside.`,
          ),
        ],
        captions: [
          P('暖房の効いた寝室', 'The heated bedroom'),
          P(`日なたで温まる${w.nj}`, `${w.Ne} warming up in the sun`),
        ],
      };
    },
  },
  {
    key: 'yuzu-bath',
    kind: 'article',
    months: [12, 1],
    applies: (s) => s?.code === 'capybara',
    render: (c) => {
      const w = words(c);
      return {
        title: P('冬至恒例 カピバラのゆず湯', 'Our winter tradition: the capybara yuzu bath'),
        paragraphs: [
          P(
            `寒い季節の恒例行事として、${w.sj}のためにゆず湯を用意しています。お湯にゆずを浮かべると、カピバラたちは目を細めて気持ちよさそうに肩までつかります。`,
            `Every winter we prepare a yuzu bath for ${w.se}. When the citrus fruit is floating in the warm water, the capybaras sink in up to their shoulders with their eyes half closed.`,
          ),
          P(
            `カピバラはもともと南アメリカの水辺で暮らす動物で、泳ぐのも水につかるのも大好きです。お湯の温度は38℃前後に保ち、長湯しすぎないよう様子を見ています。`,
            `Capybaras live by rivers and marshes in South America and love to swim and soak. We keep the water at around 38 °C and make sure they don’t stay in too long.`,
          ),
          P(
            '中には、浮かんだゆずをかじってしまう食いしん坊もいます。のんびりした冬の風物詩をぜひ見に来てください。',
            'A few greedy ones even nibble the floating yuzu. Come and enjoy this relaxed winter scene.',
          ),
        ],
        captions: [
          P('ゆず湯でくつろぐカピバラ', 'Capybaras relaxing in the yuzu bath'),
          P('ゆずの準備', 'Getting the yuzu ready'),
        ],
      };
    },
  },
  {
    key: 'penguin-walk',
    kind: 'article',
    months: [12, 1, 2, 3],
    applies: (s, a, park) =>
      isShape(s, 'penguin') && !!a?.isGroup && s?.code !== 'common-murre' && PENGUIN_WALK_PARKS.includes(park.slug),
    render: (c) => {
      const w = words(c);
      return {
        title: P('ペンギンのお散歩の見どころ', 'What to look for on the penguin walk'),
        paragraphs: [
          P(
            `${c.park.name.ja}では、${w.sj}が園内を歩く「ペンギンのお散歩」を行っています。運動不足になりがちな冬の間、群れで歩く習性を生かして体を動かしてもらうためのものです。`,
            `At ${c.park.name.en}, ${w.se} take part in a “penguin walk” through the grounds. It makes use of their instinct to move in a group and keeps them active during the winter, when they tend to exercise less.`,
          ),
          P(
            `先頭を歩くのはいつも好奇心の強い数羽で、後ろの仲間はそれについていきます。一羽ずつ歩き方や歩く速さが違うので、お気に入りの一羽を見つけてみてください。`,
            `The curious few always lead and the others follow. Each bird walks at its own pace and in its own style, so see if you can pick a favourite.`,
          ),
          P(
            'お散歩のコースには近づきすぎず、ペンギンの進路をふさがないようご協力ください。天候やペンギンの体調により中止することがあります。',
            'Please don’t get too close or block the penguins’ path. The walk may be cancelled because of the weather or the birds’ condition.',
          ),
        ],
        captions: [
          P('列になって歩くペンギンたち', 'Penguins walking in a line'),
          P('先頭を歩く好奇心旺盛な一羽', 'A curious bird leading the way'),
          P('お散歩コース', 'The walking route'),
        ],
      };
    },
  },
  {
    key: 'molting',
    kind: 'article',
    applies: (s) => isShape(s, 'penguin'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`${w.spJ}の換羽の季節です`, `Moulting season for ${w.se}`),
        paragraphs: [
          P(
            `ペンギンは年に一度、全身の羽が一度に生え変わる「換羽」を行います。いまの${w.sj}は、古い羽がぼさぼさと浮き上がり、いつもとは少し違った姿をしています。`,
            `Once a year penguins replace all their feathers at once in a process called moulting. Right now ${w.se} look a little scruffy, with old feathers sticking out everywhere.`,
          ),
          P(
            `換羽中は防水性が落ちるため水に入らず、2〜3週間ほどほとんど食事もとりません。そのため、換羽の前にはたくさん食べて体重を増やしておきます。`,
            `While moulting they lose their waterproofing, so they stay out of the water and barely eat for two or three weeks. To prepare, they eat a lot beforehand and put on weight.`,
          ),
          P(
            'じっと立っている姿は元気がないように見えるかもしれませんが、体力を温存しているところです。新しい羽に生え変わった姿もお楽しみに。',
            'They may look listless standing still, but they are conserving energy. Look forward to seeing them in their shiny new feathers.',
          ),
        ],
        captions: [P('換羽中のペンギン', 'A penguin mid-moult'), P('生え変わった新しい羽', 'Brand-new feathers')],
      };
    },
  },
  {
    key: 'training',
    kind: 'article',
    needsKeeper: true,
    applies: (s) =>
      isShape(s, 'dolphin', 'whale', 'seal') &&
      !!s &&
      [
        'bottlenose-dolphin',
        'indo-pacific-bottlenose-dolphin',
        'pacific-white-sided-dolphin',
        'orca',
        'beluga',
        'california-sea-lion',
        'steller-sea-lion',
        'false-killer-whale',
      ].includes(s.code),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`パフォーマンスの裏側 〜${w.spJ}のトレーニング〜`, `Behind the performance: training ${w.spEs}`),
        paragraphs: [
          P(
            `パフォーマンスで見られる${w.spJ}の動きは、すべて野生でも見られる行動がもとになっています。トレーナーは、その行動が出たときにホイッスルで合図し、ごほうびを渡すことで、少しずつ形にしていきます。`,
            `Every move you see ${w.spEs} make in a performance is based on behaviour they show in the wild. Trainers mark the moment with a whistle and give a reward, shaping each behaviour step by step.`,
          ),
          P(
            `トレーニングの目的は見せることだけではありません。採血や口の中のチェックなど、健康管理に必要な動作もトレーニングで覚えてもらっています。`,
            `Training is not only for show. The animals also learn behaviours needed for health care, such as offering a flipper or tail for a blood sample or opening their mouths for a check-up.`,
          ),
          P(
            `担当の${keeperJa(c)}は「その日の体調や気分を見ながら内容を変えています。動物が楽しんで参加してくれることが一番大切です」と話します。`,
            `“We adjust each session to the animals’ mood and condition that day,” says trainer ${keeperEn(c)}. “What matters most is that they enjoy taking part.”`,
          ),
        ],
        captions: [
          P('トレーニング中のひとこま', 'A moment from a training session'),
          P('ホイッスルの合図', 'The whistle cue'),
          P('健康チェックの練習', 'Practising for a health check'),
        ],
      };
    },
  },
  {
    key: 'jelly-debut',
    kind: 'article',
    applies: (s) => isShape(s, 'jelly') && s?.code !== 'sea-angel',
    render: (c) => {
      const w = words(c);
      return {
        title: P(`館内で育てた${w.spJ}が展示デビュー`, `Home-grown ${w.spEs} make their debut`),
        paragraphs: [
          P(
            `${c.park.name.ja}のバックヤードでは、クラゲを赤ちゃんから育てています。海底の岩にくっついた「ポリプ」が分かれて小さなクラゲ「エフィラ」が生まれ、数か月かけて展示できる大きさに育ちます。`,
            `Behind the scenes at ${c.park.name.en} we raise jellyfish from the very beginning. Tiny “ephyrae” bud from polyps attached to the tank floor and take several months to grow to display size.`,
          ),
          P(
            `クラゲは体の95%以上が水でできていて、泳ぐ力が弱いため、水槽の水流の調整がとても大切です。エサのアルテミアも毎日館内でふ化させています。`,
            `Jellyfish are over 95% water and weak swimmers, so getting the current in the tank just right is crucial. We also hatch brine shrimp every day to feed them.`,
          ),
          P(
            'ゆったりと漂う姿には、見ているだけで心が落ち着く不思議な魅力があります。照明の色で印象が変わるので、いろいろな角度から眺めてみてください。',
            'There is something calming about watching them drift. The lighting changes how they look, so try viewing them from different angles.',
          ),
        ],
        captions: [
          P('展示デビューしたクラゲ', 'Jellyfish on display'),
          P('バックヤードのポリプ', 'Polyps in the backyard'),
          P('生まれたばかりのエフィラ', 'A newly budded ephyra'),
        ],
      };
    },
  },
  {
    key: 'big-tank',
    kind: 'article',
    applies: (s) => isShape(s, 'shark', 'ray', 'fish') && !!s && (s.weightKg ?? 0) >= 5,
    render: (c) => {
      const w = words(c);
      return {
        title: P(`大水槽の${w.spJ}の給餌に密着`, `Feeding time for ${w.se} in the big tank`),
        paragraphs: [
          P(
            `${c.park.name.ja}の大水槽では、${w.spJ}をはじめ多くの魚たちが一緒に暮らしています。同じ水槽の中でも、魚の種類ごとに食べる量やタイミングが違うため、給餌は毎回チームで行います。`,
            `In the big tank at ${c.park.name.en}, ${w.spEs} share their home with many other fish. Each species eats different amounts at different times, so feeding is always a team effort.`,
          ),
          P(
            `${w.spJ}には${dietPhrase(c.species as SpeciesSeed).ja}を中心に与えています。ほかの魚に先を越されないよう、決まった場所で食べられるようにトレーニングしている個体もいます。`,
            `${cap(w.spEs)} are fed ${dietPhrase(c.species as SpeciesSeed).en}. Some have even been trained to feed at a set spot so that other fish don’t beat them to it.`,
          ),
          P(
            `給餌の時間は、普段はゆったり泳いでいる魚たちが一気に活発になる見どころです。水槽の正面から全体を見渡すのがおすすめです。`,
            `Feeding time is a highlight, as fish that usually cruise calmly suddenly come alive. The best view is from the front of the tank.`,
          ),
        ],
        captions: [
          P('給餌の瞬間', 'The moment of feeding'),
          P(`大水槽を泳ぐ${w.spJ}`, `${cap(w.spE)} in the big tank`),
        ],
      };
    },
  },
  {
    key: 'sea-turtle',
    kind: 'article',
    applies: (s) => isShape(s, 'turtle'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`${w.spJ}の産卵と子ガメの成長`, `${cap(w.spEs)}: from eggs to hatchlings`),
        paragraphs: [
          P(
            `ウミガメは一生のほとんどを海で過ごしますが、産卵のときだけメスが砂浜に上がってきます。${c.park.name.ja}では、人工の砂浜を用意して産卵の研究に取り組んでいます。`,
            `Sea turtles spend nearly their whole lives at sea; only females come ashore, to lay eggs. At ${c.park.name.en} we have built an artificial beach to study nesting.`,
          ),
          P(
            'ウミガメの赤ちゃんの性別は、卵がかえるまでの砂の温度で決まります。温度が高いとメスが、低いとオスが多く生まれることが知られています。',
            'The sex of a turtle hatchling is decided by the temperature of the sand while the egg develops: warmer nests produce more females and cooler ones more males.',
          ),
          P(
            '海の環境の変化やプラスチックごみは、ウミガメにとって大きな脅威です。私たちにできることを一緒に考えていきましょう。',
            'Changes in the ocean and plastic waste are serious threats to sea turtles. Let’s think together about what we can do.',
          ),
        ],
        captions: [
          P('ゆったり泳ぐウミガメ', 'A sea turtle gliding by'),
          P('人工の砂浜', 'The artificial nesting beach'),
          P('ふ化した子ガメ', 'Hatchlings'),
        ],
      };
    },
  },
  {
    key: 'conservation',
    kind: 'article',
    applies: (s) => !!s?.endangered && isTag(s, 'mammals', 'birds', 'marine-mammals', 'amphibians', 'reptiles'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`${w.spJ}を未来へつなぐ 〜種の保存の取り組み〜`, `Securing a future for ${w.spEs}`),
        paragraphs: [
          P(
            `${w.spJ}は、生息地の減少などにより野生での数が減り、絶滅が心配されている動物です。${c.park.name.ja}では、${w.sj}の飼育を通じて、種の保存に取り組んでいます。`,
            `${cap(w.spEs)} are threatened in the wild, largely because their habitat is shrinking. Through caring for ${w.se}, ${c.park.name.en} takes part in efforts to conserve the species.`,
          ),
          P(
            '日本動物園水族館協会や海外の動物園と協力し、血統を管理しながら計画的に繁殖を進めています。遺伝的な多様性を保つため、動物たちが園館の間を移動することもあります。',
            'Working with the Japanese Association of Zoos and Aquariums and overseas partners, we manage bloodlines and plan breeding carefully. Animals sometimes move between facilities to keep the population genetically diverse.',
          ),
          P(
            `園内の解説パネルでは、${w.spJ}の野生での暮らしや、私たちにできることを紹介しています。見学の際にぜひご覧ください。`,
            `Information panels in the ${parkNoun(c).en} introduce how ${w.spEs} live in the wild and what each of us can do to help.`,
          ),
        ],
        captions: [P(`${w.sj}`, cap(w.se)), P('解説パネル', 'An information panel')],
      };
    },
  },
  {
    key: 'deep-sea',
    kind: 'article',
    applies: (s) => !!s && s.art.scene === 'deep' && !isShape(s, 'jelly'),
    render: (c) => {
      const w = words(c);
      const s = c.species as SpeciesSeed;
      return {
        title: P(`深い海からの使者 ${w.spJ}のひみつ`, `Secrets of the deep: ${w.spEs}`),
        paragraphs: [
          P(
            `${w.spJ}は、${s.habitat.ja}に暮らす生きものです。光がほとんど届かず、水温が低く、食べ物も少ない深い海で生きるために、独特の体のしくみをもっています。`,
            `${cap(w.spEs)} live in ${mid(s.habitat.en)}. To survive where there is little light, cold water and scarce food, they have evolved remarkable bodies.`,
          ),
          P(`図鑑より：${s.description.ja}`, `From our species guide: ${s.description.en}`),
          P(
            '深海の生きものを展示するため、水槽は低い水温と暗めの照明に保っています。目が慣れるまで少し時間をかけて、じっくり観察してみてください。',
            'To keep deep-sea animals, we hold the tank at a low temperature under dim lighting. Give your eyes a moment to adjust and take a good long look.',
          ),
        ],
        captions: [
          P(`${w.spJ}の展示水槽`, `The ${w.spE} tank`),
          P('深海をイメージした照明', 'Lighting inspired by the deep sea'),
        ],
      };
    },
  },
  {
    key: 'cold-blooded-sun',
    kind: 'article',
    applies: (s) => isTag(s, 'reptiles') && !isShape(s, 'turtle'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`${w.spJ}の日光浴と紫外線ライト`, `Sunbathing and UV lamps for ${w.spEs}`),
        paragraphs: [
          P(
            `爬虫類は自分で体温を保つことができないため、日光を浴びて体を温めます。${w.sj}の展示場には、太陽のかわりになるバスキングライトを設置しています。`,
            `Reptiles can’t make their own body heat, so they bask in the sun to warm up. The ${w.spE} enclosure has a basking lamp that stands in for the sun.`,
          ),
          P(
            'また、丈夫な骨を保つためには紫外線も欠かせません。ライトは定期的に交換し、展示場の温度と湿度を毎日記録しています。',
            'Ultraviolet light is also essential for healthy bones, so we replace the lamps regularly and record the temperature and humidity every day.',
          ),
          P(
            `ライトの下でじっとしているときは、体を温めている最中です。温まると動きが活発になるので、時間をおいてもう一度のぞいてみてください。`,
            `If ${w.they} ${w.v('is', 'are')} lying still under the lamp, ${w.they} ${w.v('is', 'are')} warming up. Come back a little later and you may find ${w.them} much more active.`,
          ),
        ],
        captions: [
          P('バスキングライトの下で', 'Under the basking lamp'),
          P(`${w.spJ}の展示場`, `The ${w.spE} enclosure`),
        ],
      };
    },
  },
  {
    key: 'amphibian',
    kind: 'article',
    months: [5, 6, 7, 8, 9],
    applies: (s) => isTag(s, 'amphibians'),
    render: (c) => {
      const w = words(c);
      const s = c.species as SpeciesSeed;
      return {
        title: P(`水辺の主役 ${w.spJ}の観察ポイント`, `How to spot ${w.spEs}`),
        paragraphs: [
          P(
            `${w.spJ}は${s.habitat.ja}で暮らす両生類です。皮膚が薄く乾燥に弱いため、展示水槽では水質と湿度の管理に特に気を配っています。`,
            `${cap(w.spEs)} are amphibians from ${mid(s.habitat.en)}. Their thin skin dries out easily, so we pay special attention to water quality and humidity.`,
          ),
          P(`図鑑より：${s.description.ja}`, `From our species guide: ${s.description.en}`),
          P(
            `物陰でじっとしていることが多いので、水槽の奥や石のすき間までよく探してみてください。夕方には動きが活発になることがあります。`,
            `They often stay still in the shadows, so look carefully at the back of the tank and between the stones. They can become more active towards evening.`,
          ),
        ],
        captions: [P(`${w.spJ}の水槽`, `The ${w.spE} tank`), P('石のすき間にかくれて', 'Hiding between stones')],
      };
    },
  },
  {
    key: 'nesting',
    kind: 'article',
    months: [3, 4, 5, 6],
    applies: (s) => isTag(s, 'birds'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`${w.spJ}の巣づくりシーズン`, `Nesting season for ${w.se}`),
        paragraphs: [
          P(
            `繁殖の季節を迎え、${w.sj}が巣づくりを始めています。巣材になる枝や小石、草などを飼育員が用意すると、くちばしでくわえて運び、思い思いに巣を整えていきます。`,
            `Breeding season has arrived and ${w.se} have started building nests. When the keepers put out twigs, pebbles and grass, the birds carry them off in their beaks and arrange their nests just so.`,
          ),
          P(
            '卵を産んだあとは、親鳥がじっと座って卵を温めます。巣の近くでは神経質になることもあるため、展示場での作業は最小限にして見守っています。',
            'Once eggs are laid, the parents sit tight to keep them warm. Birds can be nervous near the nest, so we keep work in the enclosure to a minimum and watch from a distance.',
          ),
          P(
            'ヒナの誕生が確認できたら、またお知らせします。観覧の際は静かに見守ってください。',
            'We will let you know when chicks hatch. Please watch quietly when you visit.',
          ),
        ],
        captions: [P('巣材を運ぶ様子', 'Carrying nesting material'), P('完成した巣', 'A finished nest')],
      };
    },
  },
  {
    key: 'elephant-care',
    kind: 'article',
    applies: (s) => isShape(s, 'elephant'),
    render: (c) => {
      const w = words(c);
      return {
        title: P('ゾウの足のお手入れ', 'Elephant foot care'),
        paragraphs: [
          P(
            `体重が数トンにもなるゾウにとって、足の健康はとても大切です。${c.park.name.ja}では、${w.sj}の足の裏や爪を定期的に削り、ひび割れや傷がないかを確認しています。`,
            `When you weigh several tonnes, healthy feet matter. At ${c.park.name.en} we regularly trim the soles and nails of ${w.se} and check for cracks or injuries.`,
          ),
          P(
            'ゾウは合図に合わせて足を台の上にのせてくれます。これもハズバンダリートレーニングの成果で、ゾウが安心して協力してくれる関係があってこそできるケアです。',
            'On cue, the elephants place a foot on a stand for us. This is another result of husbandry training, and only works because the elephants trust us enough to cooperate.',
          ),
          P(
            '展示場の床には砂や土を入れ、足にやさしい環境づくりにも取り組んでいます。ゾウが砂を体にかける「砂浴び」もぜひご覧ください。',
            'We have also laid sand and soil in the enclosure to be kind to their feet. Watch out for them dust-bathing, tossing sand over their backs.',
          ),
        ],
        captions: [P('足のお手入れ中', 'Foot care in progress'), P('砂浴びをするゾウ', 'An elephant dust-bathing')],
      };
    },
  },
  {
    key: 'ape-mind',
    kind: 'article',
    applies: (s) => isShape(s, 'ape'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`道具を使いこなす${w.spJ}`, `Tool-using ${w.spEs}`),
        paragraphs: [
          P(
            `${w.spJ}はとても賢く、身のまわりのものを道具として使います。展示場に設置した「アリ塚」型の装置では、細い枝を穴に差し込んで、中のジュースやはちみつをなめとる姿が見られます。`,
            `${cap(w.spEs)} are very clever and use the things around them as tools. At the “termite mound” feeder in the enclosure, you can watch them poke sticks into holes to lick out juice and honey.`,
          ),
          P(
            '使いやすい枝を選んで、葉をむしって長さを整えるなど、個体によってやり方に工夫が見られます。若い個体は、大人のやり方をじっと見て覚えていきます。',
            'Each individual has its own technique, choosing a good stick and stripping off leaves to get the length right. Youngsters learn by watching the adults closely.',
          ),
          P(
            '道具の使い方は群れの中で受け継がれる「文化」ともいわれています。観察していると、それぞれの性格の違いも見えてきますよ。',
            'Tool use is passed down within the group and is even described as a kind of culture. Watch for a while and you’ll start to see each one’s personality.',
          ),
        ],
        captions: [
          P('枝を道具に使う様子', 'Using a stick as a tool'),
          P('じっと観察する若い個体', 'A youngster watching closely'),
        ],
      };
    },
  },
  {
    key: 'local-waters',
    kind: 'article',
    applies: (s) => isTag(s, 'fish', 'invertebrates') && !!s && ['coast', 'river'].includes(s.art.scene),
    render: (c) => {
      const w = words(c);
      const s = c.species as SpeciesSeed;
      return {
        title: P(`身近な海と川の生きもの ${w.spJ}`, `Close to home: ${w.spEs}`),
        paragraphs: [
          P(
            `${w.spJ}は、${s.habitat.ja}で見られる生きものです。${c.park.name.ja}では、地域の海や川の自然を知ってもらうため、身近な生きものの展示に力を入れています。`,
            `${cap(w.spEs)} are found in ${mid(s.habitat.en)}. At ${c.park.name.en}, we put special effort into showing local wildlife so visitors can get to know the seas and rivers nearby.`,
          ),
          P(`図鑑より：${s.description.ja}`, `From our species guide: ${s.description.en}`),
          P(
            '展示している生きものの一部は、地元の漁業者の皆さんのご協力で入手しています。海や川に出かけたときは、ぜひ生きものを探してみてください。',
            'Some of the animals on display come to us with the help of local fishers. Next time you visit a beach or river, see what you can find.',
          ),
        ],
        captions: [
          P(`${w.spJ}の展示水槽`, `The ${w.spE} tank`),
          P('地域の自然を再現した水槽', 'A tank recreating local waters'),
        ],
      };
    },
  },
  {
    key: 'keeper-day',
    kind: 'article',
    needsKeeper: true,
    applies: (s) => !!s,
    render: (c) => {
      const w = words(c);
      const aquatic =
        isTag(c.species, 'fish', 'invertebrates', 'amphibians') ||
        isShape(c.species, 'dolphin', 'whale', 'manatee', 'turtle');
      return {
        title: P(`飼育員の一日 〜${w.spJ}担当編〜`, `A day in the life of ${an(w.spE)} keeper`),
        paragraphs: [
          aquatic
            ? P(
                `${w.spJ}担当の${keeperJa(c)}の一日は、朝の見回りから始まります。夜の間の様子を確認し、泳ぎ方や体の色、水温や水質に変わったところがないかをチェックします。`,
                `For ${keeperEn(c)}, who looks after ${w.spEs}, the day begins with a morning round: checking how the night went and looking for any change in swimming, colour, water temperature or water quality.`,
              )
            : P(
                `${w.spJ}担当の${keeperJa(c)}の一日は、朝の見回りから始まります。夜の間の様子を確認し、食欲や動き、ふんの状態に変わったところがないかをチェックします。`,
                `For ${keeperEn(c)}, who looks after ${w.spEs}, the day begins with a morning round: checking how the night went and looking for any change in appetite, movement or droppings.`,
              ),
          aquatic
            ? P(
                `開館前には水槽の掃除と、その日の餌の準備をします。日中は来館者の皆さんへの解説や、ろ過装置の点検、記録づけなど、やることはたくさんあります。`,
                `Before opening, there are tanks to clean and the day’s food to prepare. During the day come talks for visitors, checks on the filtration system and plenty of record-keeping.`,
              )
            : P(
                `開園前には展示場の掃除と、その日の食事の準備をします。日中は来園者の皆さんへの解説や、トレーニング、記録づけなど、やることはたくさんあります。`,
                `Before opening, there’s cleaning to do and the day’s food to prepare. During the day come talks for visitors, training sessions and plenty of record-keeping.`,
              ),
          aquatic
            ? P(
                `閉館後にもう一度水槽を見回り、${w.nj}の様子を確かめて一日が終わります。「毎日見ていても、新しい発見があるのがこの仕事の魅力です」と${keeperJa(c)}は話します。`,
                `The day ends with one more round of the tanks after closing to check on ${w.ne}. “Even though I see ${w.them} every day, there’s always something new — that’s what I love about this job,” says ${keeperEn(c)}.`,
              )
            : P(
                `閉園後は寝室に戻った${w.nj}の様子を見届けて、一日が終わります。「毎日見ていても、新しい発見があるのがこの仕事の魅力です」と${keeperJa(c)}は話します。`,
                `The day ends after seeing ${w.ne} settled in the bedroom after closing. “Even though I see ${w.them} every day, there’s always something new — that’s what I love about this job,” says ${keeperEn(c)}.`,
              ),
        ],
        captions: [
          P('朝の見回り', 'The morning round'),
          P(aquatic ? '餌の準備' : '食事の準備', 'Preparing food'),
          P(`${w.nj}と担当飼育員`, `${w.Ne} with ${w.their} keeper`),
        ],
      };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Articles about the whole park

export const PARK_ARTICLES: Topic[] = [
  {
    key: 'night-event',
    kind: 'article',
    months: [6, 7, 8],
    applies: () => true,
    render: (c) => {
      const n = parkNoun(c);
      return {
        title: P(`夜の${n.ja}で、昼とは違う動物たちの姿を`, `After dark at the ${n.en}`),
        paragraphs: [
          P(
            `夏の期間、${c.park.name.ja}では${c.park.kind === 'zoo' ? '開園' : '開館'}時間を延長して、夜の${n.ja}をお楽しみいただけるイベントを行っています。夕暮れから夜にかけては、昼間は寝ていることの多い動物たちが活動を始める時間です。`,
            `In summer, ${c.park.name.en} stays open late so you can enjoy the ${n.en} at night. From dusk into the evening, animals that sleep through the day begin to stir.`,
          ),
          P(
            '夜間は照明を控えめにしているので、動物たちの自然な姿を観察できます。飼育員による夜のガイドや、ライトアップされた園内の散策もお楽しみください。',
            'Lighting is kept low so you can see the animals behaving naturally. Join a keeper-led night talk or simply stroll the illuminated grounds.',
          ),
          P(
            '観覧の際は、フラッシュ撮影や懐中電灯で動物を照らすことはお控えください。開催日と時間は公式サイトでご確認ください。',
            'Please do not use flash or shine torches at the animals. Check the website for dates and times.',
          ),
        ],
        captions: [P('ライトアップされた園内', 'The illuminated grounds'), P('夜のガイドの様子', 'A night talk')],
      };
    },
  },
  {
    key: 'backyard-tour',
    kind: 'article',
    applies: () => true,
    render: (c) => {
      const n = parkNoun(c);
      return {
        title: P('バックヤードツアーに参加しませんか', 'Join a backyard tour'),
        paragraphs: [
          P(
            `普段は見られない${n.ja}の裏側をご案内する「バックヤードツアー」を開催しています。調理場や寝室、ろ過設備など、動物たちの暮らしを支える場所を飼育員が案内します。`,
            `Our backyard tours take you behind the scenes of the ${n.en}. Keepers show you the kitchens, bedrooms, filtration systems and other places that keep the animals’ lives running.`,
          ),
          P(
            'ツアーでは、動物たちの食事づくりの工夫や、健康管理の方法についてもお話しします。参加者からの質問にもその場でお答えします。',
            'Along the way we talk about how we prepare food and look after the animals’ health, and answer your questions on the spot.',
          ),
          P(
            '定員制のため、事前のお申し込みが必要です。お申し込みはチケットページから受け付けています。',
            'Places are limited and advance booking is required. You can apply on the ticket page.',
          ),
        ],
        captions: [P('バックヤードの調理場', 'The backyard kitchen'), P('ツアーの様子', 'On the tour')],
      };
    },
  },
  {
    key: 'autumn-festival',
    kind: 'article',
    months: [9, 10, 11],
    applies: () => true,
    render: (c) => {
      const n = parkNoun(c);
      return {
        title: P(`秋の${n.ja}まつりを開催しました`, `Our autumn ${n.en} festival`),
        paragraphs: [
          P(
            `先日、毎年恒例の秋の${n.ja}まつりを開催し、たくさんの方にお越しいただきました。飼育員によるスペシャルガイドや、動物クイズラリーなど、家族で楽しめる企画を用意しました。`,
            `Many of you joined us recently for our annual autumn festival. There were special keeper talks, an animal quiz rally and plenty more for the whole family.`,
          ),
          P(
            '特に人気だったのは、飼育員が動物たちの秘密を紹介するトークショーでした。普段の飼育の様子や、動物たちの意外な一面に驚きの声が上がっていました。',
            'The biggest hit was the keepers’ talk show revealing the animals’ secrets, which drew gasps at their surprising habits and everyday care.',
          ),
          P(
            'ご来場いただいた皆さん、ありがとうございました。次回のイベントもどうぞお楽しみに。',
            'Thank you to everyone who came. We look forward to seeing you at our next event.',
          ),
        ],
        captions: [
          P('にぎわう会場', 'The busy festival grounds'),
          P('飼育員のトークショー', 'The keepers’ talk show'),
          P('クイズラリーのゴール', 'The quiz rally finish line'),
        ],
      };
    },
  },
  {
    key: 'summer-workshop',
    kind: 'article',
    months: [7, 8],
    applies: () => true,
    render: (c) => {
      const n = parkNoun(c);
      return {
        title: P('夏休み自由研究講座を開催しました', 'Summer homework workshop'),
        paragraphs: [
          P(
            `小学生を対象にした「夏休み自由研究講座」を開催しました。参加者は動物の観察方法を学んだあと、${n.ja}の中で自分だけのテーマを見つけて観察に取り組みました。`,
            `We held a summer project workshop for elementary-school children. After learning how to observe animals, each participant chose a topic and studied it around the ${n.en}.`,
          ),
          P(
            '「何回まばたきするか」「どのくらいの時間寝ているか」など、子どもたちならではの視点に、飼育員も驚かされました。',
            'Their questions — how often an animal blinks, how long it sleeps — surprised even the keepers.',
          ),
          P(
            '観察のコツをまとめたワークシートは公式サイトからダウンロードできます。ご家族での来園の際にもぜひご活用ください。',
            'A worksheet with observation tips can be downloaded from the website. Try it on your next family visit.',
          ),
        ],
        captions: [P('観察に取り組む参加者', 'Participants observing'), P('発表の様子', 'Presenting their findings')],
      };
    },
  },
  {
    key: 'volunteers',
    kind: 'article',
    applies: () => true,
    render: (c) => {
      const aquarium = c.park.kind === 'aquarium';
      return {
        title: aquarium
          ? P('ボランティアの皆さんと海岸清掃を行いました', 'Beach clean-up with our volunteers')
          : P('ボランティアガイドの皆さんを紹介します', 'Meet our volunteer guides'),
        paragraphs: aquarium
          ? [
              P(
                `${c.park.name.ja}の職員とボランティアの皆さんで、近くの海岸の清掃活動を行いました。約1時間で、ペットボトルや漁具、発泡スチロールなど、たくさんのごみが集まりました。`,
                `Staff from ${c.park.name.en} and our volunteers cleaned up a nearby beach. In about an hour we collected a large amount of rubbish, including plastic bottles, fishing gear and polystyrene.`,
              ),
              P(
                '海に流れ出たプラスチックは、細かく砕けて海の生きものの体内に取り込まれることがあります。ごみを出さない、持ち帰るといった一人ひとりの行動が、海を守ることにつながります。',
                'Plastic that reaches the sea breaks into tiny fragments that can end up inside marine animals. Simple actions like producing less waste and taking your rubbish home help protect the ocean.',
              ),
              P(
                '次回の清掃活動の参加者も募集しています。詳しくは館内の掲示をご覧ください。',
                'We are recruiting for the next clean-up; see the notices in the aquarium for details.',
              ),
            ]
          : [
              P(
                `${c.park.name.ja}では、動物や自然が好きなボランティアガイドの皆さんが活動しています。週末を中心に園内で動物の解説をしたり、来園者の道案内をしたりしています。`,
                `Volunteer guides who love animals and nature are part of life at ${c.park.name.en}. At weekends especially, they give talks about the animals and help visitors find their way.`,
              ),
              P(
                'ガイドの皆さんは研修を受け、それぞれ得意な動物のテーマをもっています。飼育員とはまた違った視点のお話は、来園者の皆さんにも好評です。',
                'Every guide is trained and has a favourite animal theme, and visitors love hearing their perspective, which is different from a keeper’s.',
              ),
              P(
                '緑のベストを着たガイドを見かけたら、気軽に声をかけてみてください。',
                'If you see a guide in a green vest, feel free to say hello.',
              ),
            ],
        captions: aquarium
          ? [P('海岸清掃の様子', 'Cleaning the beach'), P('集まったごみ', 'The rubbish we collected')]
          : [P('解説をするボランティアガイド', 'A volunteer guide giving a talk'), P('ガイドの研修', 'Guide training')],
      };
    },
  },
  {
    key: 'season-guide',
    kind: 'article',
    applies: () => true,
    render: (c) => {
      const n = parkNoun(c);
      return {
        title: P(`${c.park.name.ja}を楽しむための見学ガイド`, `Making the most of your visit to ${c.park.name.en}`),
        paragraphs: [
          P(
            `${c.park.name.ja}を初めて訪れる方に、見学のコツをご紹介します。平均的な滞在時間は約${Math.round(c.park.averageStayMinutes / 60)}時間です。入口で配布している園内マップや、このアプリのマップ機能を使って、見たい動物を先に決めておくと効率よく回れます。`,
            `Here are some tips for first-time visitors to ${c.park.name.en}. Most people stay around ${Math.round(c.park.averageStayMinutes / 60)} hours. Pick the animals you most want to see before you start, using the map handed out at the entrance or the map in this app.`,
          ),
          P(
            '動物たちが活発に動くのは、開園直後や食事の時間帯です。お食事タイムの時間は当日の掲示でご確認ください。',
            'Animals are most active just after opening and around feeding times; check the day’s notices for times.',
          ),
          P(
            `ベビーカーや車いすの貸し出し、授乳室などの設備もあります。ご不明な点はお気軽にスタッフへお声がけください。素敵な${n.ja}の一日をお過ごしください。`,
            `Pushchairs and wheelchairs are available to borrow, and there are nursing rooms. Ask any member of staff if you need help, and enjoy your day at the ${n.en}.`,
          ),
        ],
        captions: [P('園内マップ', 'The site map'), P('入口の様子', 'At the entrance')],
      };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Short movies

export const MOVIES: Topic[] = [
  {
    key: 'm-baby',
    kind: 'short_movie',
    applies: (_s, a) => isBaby(a),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`【動画】${w.spJ}の赤ちゃん「${w.nj}」`, `Video: baby ${w.spE} ${w.ne}`),
        paragraphs: [
          P(
            `すくすく育っている${w.nj}の最近の様子を動画でお届けします。好奇心いっぱいに動き回る姿をご覧ください。`,
            `Here’s a short video of ${w.ne}, who is growing fast. Watch ${w.them} explore with boundless curiosity.`,
          ),
        ],
        captions: [P(`${w.nj}の動画より`, `From the video of ${w.ne}`)],
      };
    },
  },
  {
    key: 'm-eat',
    kind: 'short_movie',
    applies: (s) => isTag(s, 'mammals', 'marine-mammals', 'birds'),
    render: (c) => {
      const w = words(c);
      const f = FOOD[foodKind(c.species as SpeciesSeed)];
      return {
        title: P(`【動画】もぐもぐ${w.nj}`, `Video: ${w.ne} at mealtime`),
        paragraphs: [
          P(
            `${w.sj}の食事シーンです。${f.treatJa}を上手に食べる様子を間近で撮影しました。`,
            `Mealtime for ${w.se}. We filmed ${w.them} tucking into ${f.treatEn} up close.`,
          ),
        ],
        captions: [P('食事シーンより', 'From the mealtime video')],
      };
    },
  },
  {
    key: 'm-swim',
    kind: 'short_movie',
    applies: (s) =>
      isShape(
        s,
        'dolphin',
        'whale',
        'seal',
        'seaotter',
        'manatee',
        'penguin',
        'otter',
        'turtle',
        'shark',
        'ray',
        'fish',
        'sunfish',
        'hippo',
        'bear',
      ),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`【動画】水中を泳ぐ${w.nj}`, `Video: ${w.ne} underwater`),
        paragraphs: [
          P(
            `水の中を気持ちよさそうに泳ぐ${w.sj}。水中ならではのなめらかな動きをお楽しみください。`,
            `${cap(w.se)} gliding through the water. Enjoy the graceful moves you can only see underwater.`,
          ),
        ],
        captions: [P('水中での様子', 'Underwater')],
      };
    },
  },
  {
    key: 'm-play',
    kind: 'short_movie',
    applies: (s) =>
      isShape(s, 'bear', 'cat', 'dog', 'otter', 'redpanda', 'ape', 'monkey', 'elephant', 'meerkat', 'seal', 'dolphin'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`【動画】遊びに夢中な${w.nj}`, `Video: ${w.ne} at play`),
        paragraphs: [
          P(
            `新しいおもちゃで遊ぶ${w.sj}の様子を撮影しました。夢中になって遊ぶ姿は何度見ても飽きません。`,
            `We filmed ${w.se} playing with a new toy. You could watch ${w.them} all day.`,
          ),
        ],
        captions: [P('遊んでいる様子', 'Playtime')],
      };
    },
  },
  {
    key: 'm-nap',
    kind: 'short_movie',
    applies: (s) => isShape(s, 'koala', 'cat', 'bear', 'redpanda', 'rodent', 'sloth', 'seal', 'hippo', 'kangaroo'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`【動画】お昼寝中の${w.nj}`, `Video: nap time for ${w.ne}`),
        paragraphs: [
          P(
            `ぐっすり眠る${w.sj}。ときどき耳や足がぴくっと動くのがかわいらしいポイントです。静かに見守ってください。`,
            `${cap(w.se)} fast asleep. Watch for the little twitches of ears and paws — and please keep it quiet!`,
          ),
        ],
        captions: [P('お昼寝中', 'Napping')],
      };
    },
  },
  {
    key: 'm-school',
    kind: 'short_movie',
    applies: (s, a) => isShape(s, 'fish', 'jelly') && !!a?.isGroup,
    render: (c) => {
      const w = words(c);
      const jelly = isShape(c.species, 'jelly');
      return {
        title: jelly
          ? P(`【動画】ふわふわ漂う${w.spJ}`, `Video: drifting ${w.spEs}`)
          : P(`【動画】${w.spJ}の群れ`, `Video: a shoal of ${w.spEs}`),
        paragraphs: [
          jelly
            ? P(
                `水槽の中をゆったり漂う${w.sj}を撮影しました。光を受けて透きとおる傘の動きは、見ているだけで癒やされます。`,
                `We filmed ${w.se} drifting through the tank. Watching their translucent bells pulse in the light is wonderfully soothing.`,
              )
            : P(
                `水槽の中を泳ぐ${w.sj}の群れを撮影しました。光を受けて形を変えていく群れの動きは、見ているだけで癒やされます。`,
                `We filmed the shoal of ${w.spEs} in the tank. The way it shifts and shimmers in the light is wonderfully soothing.`,
              ),
        ],
        captions: [P('水槽の様子', 'In the tank')],
      };
    },
  },
  {
    key: 'm-walk',
    kind: 'short_movie',
    applies: (s) =>
      isShape(s, 'penguin', 'elephant', 'giraffe', 'horse', 'ostrich', 'wader', 'tortoise', 'rhino', 'camel'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`【動画】のんびり歩く${w.nj}`, `Video: a stroll with ${w.ne}`),
        paragraphs: [
          P(
            `展示場を歩く${w.sj}の足取りを追いかけました。ゆったりとした歩き方にも、その動物ならではの体のしくみが表れています。`,
            `We followed ${w.se} on a walk around the enclosure. Even an unhurried stroll shows how ${w.their} bodies are built.`,
          ),
        ],
        captions: [P('歩く様子', 'Out for a walk')],
      };
    },
  },
  {
    key: 'm-jump',
    kind: 'short_movie',
    applies: (s) => isShape(s, 'dolphin', 'whale'),
    render: (c) => {
      const w = words(c);
      return {
        title: P(`【動画】${w.nj}の大ジャンプ`, `Video: ${w.ne}’s big jump`),
        paragraphs: [
          P(
            `トレーニング中に見せてくれた${w.sj}のジャンプです。水しぶきまで迫力満点です。`,
            `A jump by ${w.se} during training — right down to the splash!`,
          ),
        ],
        captions: [P('ジャンプの瞬間', 'Mid-jump')],
      };
    },
  },
];
