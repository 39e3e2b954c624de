// Helpers shared by the species files.
import type { ArtSpec, Pattern, Scene, Shape, Text } from './types';

export const T = (ja: string, en: string): Text => ({ ja, en });

/** Adult weight (kg), height or length (cm), birth weight (kg), birth height or length (cm). */
export const size = (
  weightKg: number | null,
  heightCm: number | null,
  birthWeightKg: number | null,
  birthHeightCm: number | null,
) => ({
  weightKg,
  heightCm,
  birthWeightKg,
  birthHeightCm,
});

export const art = (shape: Shape, colors: [string, string, string], scene: Scene, pattern?: Pattern): ArtSpec =>
  pattern ? { shape, colors, scene, pattern } : { shape, colors, scene };

const cls = (ja: string, en: string) => T(ja, en);

// Mammals
export const URSIDAE = cls('哺乳綱 食肉目 クマ科', 'Mammalia, Carnivora, Ursidae');
export const AILURIDAE = cls('哺乳綱 食肉目 レッサーパンダ科', 'Mammalia, Carnivora, Ailuridae');
export const FELIDAE = cls('哺乳綱 食肉目 ネコ科', 'Mammalia, Carnivora, Felidae');
export const CANIDAE = cls('哺乳綱 食肉目 イヌ科', 'Mammalia, Carnivora, Canidae');
export const MUSTELIDAE = cls('哺乳綱 食肉目 イタチ科', 'Mammalia, Carnivora, Mustelidae');
export const HERPESTIDAE = cls('哺乳綱 食肉目 マングース科', 'Mammalia, Carnivora, Herpestidae');
export const PROCYONIDAE = cls('哺乳綱 食肉目 アライグマ科', 'Mammalia, Carnivora, Procyonidae');
export const VIVERRIDAE = cls('哺乳綱 食肉目 ジャコウネコ科', 'Mammalia, Carnivora, Viverridae');
export const OTARIIDAE = cls('哺乳綱 食肉目 アシカ科', 'Mammalia, Carnivora, Otariidae');
export const PHOCIDAE = cls('哺乳綱 食肉目 アザラシ科', 'Mammalia, Carnivora, Phocidae');
export const ODOBENIDAE = cls('哺乳綱 食肉目 セイウチ科', 'Mammalia, Carnivora, Odobenidae');
export const HOMINIDAE = cls('哺乳綱 霊長目 ヒト科', 'Mammalia, Primates, Hominidae');
export const CERCOPITHECIDAE = cls('哺乳綱 霊長目 オナガザル科', 'Mammalia, Primates, Cercopithecidae');
export const HYLOBATIDAE = cls('哺乳綱 霊長目 テナガザル科', 'Mammalia, Primates, Hylobatidae');
export const LEMURIDAE = cls('哺乳綱 霊長目 キツネザル科', 'Mammalia, Primates, Lemuridae');
export const DAUBENTONIIDAE = cls('哺乳綱 霊長目 アイアイ科', 'Mammalia, Primates, Daubentoniidae');
export const CEBIDAE = cls('哺乳綱 霊長目 オマキザル科', 'Mammalia, Primates, Cebidae');
export const ELEPHANTIDAE = cls('哺乳綱 長鼻目 ゾウ科', 'Mammalia, Proboscidea, Elephantidae');
export const GIRAFFIDAE = cls('哺乳綱 鯨偶蹄目 キリン科', 'Mammalia, Artiodactyla, Giraffidae');
export const HIPPOPOTAMIDAE = cls('哺乳綱 鯨偶蹄目 カバ科', 'Mammalia, Artiodactyla, Hippopotamidae');
export const CERVIDAE = cls('哺乳綱 鯨偶蹄目 シカ科', 'Mammalia, Artiodactyla, Cervidae');
export const BOVIDAE = cls('哺乳綱 鯨偶蹄目 ウシ科', 'Mammalia, Artiodactyla, Bovidae');
export const CAMELIDAE = cls('哺乳綱 鯨偶蹄目 ラクダ科', 'Mammalia, Artiodactyla, Camelidae');
export const SUIDAE = cls('哺乳綱 鯨偶蹄目 イノシシ科', 'Mammalia, Artiodactyla, Suidae');
export const DELPHINIDAE = cls('哺乳綱 鯨偶蹄目 マイルカ科', 'Mammalia, Artiodactyla, Delphinidae');
export const MONODONTIDAE = cls('哺乳綱 鯨偶蹄目 イッカク科', 'Mammalia, Artiodactyla, Monodontidae');
export const PHOCOENIDAE = cls('哺乳綱 鯨偶蹄目 ネズミイルカ科', 'Mammalia, Artiodactyla, Phocoenidae');
export const RHINOCEROTIDAE = cls('哺乳綱 奇蹄目 サイ科', 'Mammalia, Perissodactyla, Rhinocerotidae');
export const EQUIDAE = cls('哺乳綱 奇蹄目 ウマ科', 'Mammalia, Perissodactyla, Equidae');
export const TAPIRIDAE = cls('哺乳綱 奇蹄目 バク科', 'Mammalia, Perissodactyla, Tapiridae');
export const CAVIIDAE = cls('哺乳綱 齧歯目 テンジクネズミ科', 'Mammalia, Rodentia, Caviidae');
export const SCIURIDAE = cls('哺乳綱 齧歯目 リス科', 'Mammalia, Rodentia, Sciuridae');
export const HETEROCEPHALIDAE = cls('哺乳綱 齧歯目 ハダカデバネズミ科', 'Mammalia, Rodentia, Heterocephalidae');
export const ERETHIZONTIDAE = cls('哺乳綱 齧歯目 アメリカヤマアラシ科', 'Mammalia, Rodentia, Erethizontidae');
export const LEPORIDAE = cls('哺乳綱 兎形目 ウサギ科', 'Mammalia, Lagomorpha, Leporidae');
export const MACROPODIDAE = cls('哺乳綱 双前歯目 カンガルー科', 'Mammalia, Diprotodontia, Macropodidae');
export const PHASCOLARCTIDAE = cls('哺乳綱 双前歯目 コアラ科', 'Mammalia, Diprotodontia, Phascolarctidae');
export const VOMBATIDAE = cls('哺乳綱 双前歯目 ウォンバット科', 'Mammalia, Diprotodontia, Vombatidae');
export const MYRMECOPHAGIDAE = cls('哺乳綱 有毛目 アリクイ科', 'Mammalia, Pilosa, Myrmecophagidae');
export const CHOLOEPODIDAE = cls('哺乳綱 有毛目 フタユビナマケモノ科', 'Mammalia, Pilosa, Choloepodidae');
export const CHLAMYPHORIDAE = cls('哺乳綱 被甲目 アルマジロ科', 'Mammalia, Cingulata, Chlamyphoridae');
export const DUGONGIDAE = cls('哺乳綱 海牛目 ジュゴン科', 'Mammalia, Sirenia, Dugongidae');
export const TRICHECHIDAE = cls('哺乳綱 海牛目 マナティー科', 'Mammalia, Sirenia, Trichechidae');

// Birds
export const SPHENISCIDAE = cls('鳥綱 ペンギン目 ペンギン科', 'Aves, Sphenisciformes, Spheniscidae');
export const PHOENICOPTERIDAE = cls('鳥綱 フラミンゴ目 フラミンゴ科', 'Aves, Phoenicopteriformes, Phoenicopteridae');
export const BALAENICIPITIDAE = cls('鳥綱 ペリカン目 ハシビロコウ科', 'Aves, Pelecaniformes, Balaenicipitidae');
export const GRUIDAE = cls('鳥綱 ツル目 ツル科', 'Aves, Gruiformes, Gruidae');
export const CICONIIDAE = cls('鳥綱 コウノトリ目 コウノトリ科', 'Aves, Ciconiiformes, Ciconiidae');
export const STRUTHIONIDAE = cls('鳥綱 ダチョウ目 ダチョウ科', 'Aves, Struthioniformes, Struthionidae');
export const CASUARIIDAE = cls('鳥綱 ヒクイドリ目 ヒクイドリ科', 'Aves, Casuariiformes, Casuariidae');
export const ACCIPITRIDAE = cls('鳥綱 タカ目 タカ科', 'Aves, Accipitriformes, Accipitridae');
export const STRIGIDAE = cls('鳥綱 フクロウ目 フクロウ科', 'Aves, Strigiformes, Strigidae');
export const PHASIANIDAE = cls('鳥綱 キジ目 キジ科', 'Aves, Galliformes, Phasianidae');
export const ALCIDAE = cls('鳥綱 チドリ目 ウミスズメ科', 'Aves, Charadriiformes, Alcidae');
export const PSITTACIDAE = cls('鳥綱 オウム目 インコ科', 'Aves, Psittaciformes, Psittacidae');
export const RAMPHASTIDAE = cls('鳥綱 キツツキ目 オオハシ科', 'Aves, Piciformes, Ramphastidae');

// Reptiles and amphibians
export const TESTUDINIDAE = cls('爬虫綱 カメ目 リクガメ科', 'Reptilia, Testudines, Testudinidae');
export const CHELONIIDAE = cls('爬虫綱 カメ目 ウミガメ科', 'Reptilia, Testudines, Cheloniidae');
export const ALLIGATORIDAE = cls('爬虫綱 ワニ目 アリゲーター科', 'Reptilia, Crocodilia, Alligatoridae');
export const IGUANIDAE = cls('爬虫綱 有鱗目 イグアナ科', 'Reptilia, Squamata, Iguanidae');
export const CHAMAELEONIDAE = cls('爬虫綱 有鱗目 カメレオン科', 'Reptilia, Squamata, Chamaeleonidae');
export const COLUBRIDAE = cls('爬虫綱 有鱗目 ナミヘビ科', 'Reptilia, Squamata, Colubridae');
export const CRYPTOBRANCHIDAE = cls('両生綱 有尾目 オオサンショウウオ科', 'Amphibia, Caudata, Cryptobranchidae');
export const AMBYSTOMATIDAE = cls('両生綱 有尾目 トラフサンショウウオ科', 'Amphibia, Caudata, Ambystomatidae');
export const SALAMANDRIDAE = cls('両生綱 有尾目 イモリ科', 'Amphibia, Caudata, Salamandridae');
export const DENDROBATIDAE = cls('両生綱 無尾目 ヤドクガエル科', 'Amphibia, Anura, Dendrobatidae');
export const HYLIDAE = cls('両生綱 無尾目 アマガエル科', 'Amphibia, Anura, Hylidae');
