// Types of the demo catalogue data. Text is given in both languages; dates that must look current are
// given as day offsets from "today" in Asia/Tokyo and resolved by the seed.

export interface Text {
  ja: string;
  en: string;
}

export type ParkKind = 'zoo' | 'aquarium';

/** Codes of the living-thing tags (tag category "living-thing"). */
export type LivingTag = 'mammals' | 'marine-mammals' | 'birds' | 'reptiles' | 'amphibians' | 'fish' | 'invertebrates';

/** Background scene of an animal illustration, chosen by habitat. */
export type Scene =
  | 'savanna'
  | 'forest'
  | 'jungle'
  | 'ice'
  | 'snow'
  | 'mountain'
  | 'grassland'
  | 'desert'
  | 'wetland'
  | 'river'
  | 'coast'
  | 'ocean'
  | 'reef'
  | 'deep'
  | 'farm';

/** The stylised body drawn for a species. */
export type Shape =
  | 'bear'
  | 'panda'
  | 'redpanda'
  | 'cat'
  | 'dog'
  | 'otter'
  | 'meerkat'
  | 'ape'
  | 'monkey'
  | 'elephant'
  | 'giraffe'
  | 'hippo'
  | 'rhino'
  | 'horse'
  | 'deer'
  | 'goat'
  | 'camel'
  | 'rodent'
  | 'kangaroo'
  | 'koala'
  | 'anteater'
  | 'sloth'
  | 'pig'
  | 'dolphin'
  | 'whale'
  | 'seal'
  | 'seaotter'
  | 'manatee'
  | 'penguin'
  | 'bird'
  | 'wader'
  | 'owl'
  | 'ostrich'
  | 'turtle'
  | 'tortoise'
  | 'croc'
  | 'lizard'
  | 'snake'
  | 'frog'
  | 'salamander'
  | 'fish'
  | 'shark'
  | 'ray'
  | 'eel'
  | 'sunfish'
  | 'seahorse'
  | 'jelly'
  | 'crab'
  | 'octopus'
  | 'squid'
  | 'star'
  | 'urchin'
  | 'shell'
  | 'coral'
  | 'insect';

export type Pattern =
  | 'none'
  | 'stripes'
  | 'spots'
  | 'rings'
  | 'patch'
  | 'mane'
  | 'tusks'
  | 'antlers'
  | 'horns'
  | 'crest';

export interface ArtSpec {
  shape: Shape;
  /** Main body colour, secondary (belly/face) colour, accent colour (beak, pattern, fins). */
  colors: [string, string, string];
  scene: Scene;
  pattern?: Pattern;
}

export interface SpeciesSeed {
  code: string;
  name: Text;
  /** Plural English name when adding "s" is wrong (e.g. "gray wolves"). */
  pluralEn?: string;
  kana: string;
  scientificName: string;
  classification: Text;
  habitat: Text;
  diet: Text;
  description: Text;
  weightKg: number | null;
  heightCm: number | null;
  birthWeightKg: number | null;
  birthHeightCm: number | null;
  /** Number of living species (or subspecies for single-species genera) in the species' genus. */
  numberOfSpecies: number | null;
  tag: LivingTag;
  art: ArtSpec;
  /** Endangered or a target of a breeding programme (used by conservation stories). */
  endangered?: boolean;
}

/** A park special day rule, resolved to concrete dates within the coming year by the seed. */
export type SpecialDayRule =
  | {
      type: 'fixed';
      month: number;
      day: number;
      kind: 'closed' | 'open' | 'extended';
      open?: string;
      close?: string;
      note: Text;
    }
  | {
      type: 'range';
      from: [number, number];
      to: [number, number];
      kind: 'closed' | 'open' | 'extended';
      open?: string;
      close?: string;
      note: Text;
    }
  /** National holidays that always fall on a Monday: open, and the next day closed instead. */
  | { type: 'mondayHolidays' }
  /** Every given weekday (ISO 1..7) of a month. */
  | {
      type: 'weekdaysInMonth';
      month: number;
      weekday: number;
      kind: 'closed' | 'open' | 'extended';
      open?: string;
      close?: string;
      note: Text;
    }
  /** The nth (1-based) given weekdays of each month (or only the listed months). */
  | {
      type: 'nthWeekdays';
      weekday: number;
      nths: number[];
      months?: number[];
      /** Consecutive days from each matched date (default 1). */
      spanDays?: number;
      kind: 'closed';
      note: Text;
    };

export interface Operator {
  /** Legal name of the seller, e.g. 公益財団法人東京動物園協会. */
  name: Text;
  address: Text;
  phone: string;
  /** How the seller relates to the park, e.g. "指定管理者" (designated manager). */
  role?: Text;
}

/** Colours used for the park's hero illustration and map. */
export interface ParkTheme {
  primary: string;
  secondary: string;
}

export interface ParkSeed {
  slug: string;
  kind: ParkKind;
  name: Text;
  nameKana: string;
  description: Text;
  prefectureId: number;
  postalCode: string;
  address: Text;
  latitude: number;
  longitude: number;
  phone: string;
  websiteUrl: string;
  inquiryEmail: string;
  inquiryFormUrl: string;
  openTime: string;
  closeTime: string;
  lastEntryTime: string;
  businessHoursNote: Text;
  closedDaysNote: Text;
  /** ISO weekdays (1 Monday .. 7 Sunday) the park is regularly closed. */
  closedWeekdays: number[];
  specialDays: SpecialDayRule[];
  averageStayMinutes: number;
  access: Text;
  operator: Operator;
  /** Admission price summary for the commercial-law notice. */
  priceSummary: Text;
  theme: ParkTheme;
}

/** A zone of a park map and the species shown in it. */
export interface MapArea {
  name: Text;
  species: string[];
}

export interface ParkAnimalSeed {
  code: string;
  parkSlug: string;
  speciesCode: string;
  nickname: Text;
  isGroup: boolean;
  /** 'YYYY-MM-DD', or a day offset from today such as -95 (for recent births), or null. */
  birthday: string | number | null;
  gender: 0 | 1 | 2;
  approxNumberBred: number | null;
  description: Text;
}

export interface StaffSeed {
  code: string;
  parkSlug: string;
  name: Text;
  role: Text;
  bio: Text;
  /** What the staff member writes about: species art shapes or living-thing tags; '*' for anything. */
  focus: string[];
  /** Avatar look: hair colour index and uniform colour. */
  look: { hair: number; skin: number; uniform: string; glasses?: boolean; long?: boolean; cap?: boolean };
}

export interface StoryImageSeed {
  url: string;
  caption: Text;
}

export interface StorySeed {
  code: string;
  parkSlug: string;
  staffCode: string;
  parkAnimalCode: string | null;
  kind: 'article' | 'short_movie';
  /** Topic key: drives the art decoration. */
  topic: string;
  title: Text;
  body: Text;
  images: StoryImageSeed[];
  videoUrl: string | null;
  durationSeconds: number | null;
  likeCount: number;
  viewCount: number;
  isPrivate: boolean;
  /** Published this many days before today, at publishedTime (Tokyo). */
  publishedDaysAgo: number;
  /** Months the topic belongs to: the seed moves the date into the latest such month within the window when it can. */
  seasonMonths: number[] | null;
  /** The story must be published fewer than this many days ago (e.g. after a birth). */
  maxDaysAgo: number;
  publishedTime: string;
}

export interface PriceSet {
  /** Prices (yen, tax included) per age category id 1..6; omitted categories are not sold. */
  [ageGroupId: number]: number;
}

export interface ItemPlanSeed {
  kind: 'basic' | 'additional';
  name: Text;
  prices: PriceSet;
}

export interface ItemSeed {
  code: string;
  parkSlug: string;
  category: 0 | 1 | 2 | 3 | 4 | 5;
  name: Text;
  description: Text;
  notes: Text | null;
  saleLabel: 1 | 2 | 3 | 4 | 5 | 6 | 99;
  combinationLabel: 1 | 2 | 3 | 4 | 99;
  usageTrigger: 0 | 1 | 2 | 3;
  reservationRequired: boolean;
  lottery: boolean;
  waitlist: boolean;
  seatSelection: boolean;
  minimumParticipant: number;
  maxPerOrder: number;
  disabilityPrice: number | null;
  /** Availability window as day offsets from today. */
  availableFrom: number;
  availableUntil: number;
  applicationDeadlineDays: number;
  applicationDeadlineTime: string;
  /** Sale window as day offsets from today (null = not set). */
  saleStarts: number | null;
  saleEnds: number | null;
  /** Shareable until this many days from today (null = not shareable). */
  shareableUntil: number | null;
  rewardCoins: number;
  dailyCapacity: number;
  isPrivate: boolean;
  plans: ItemPlanSeed[];
  timeSlots: { start: string; end: string; capacity: number }[];
  /** Excluded days as day offsets from today. */
  excludedDays: number[];
  cancellation: { daysBefore: number; chargeRate: number }[];
  tags: string[];
  /** Icon drawn on the banner art. */
  icon: ItemIcon;
}

export type ItemIcon =
  | 'ticket'
  | 'pass'
  | 'moon'
  | 'key'
  | 'hand'
  | 'food'
  | 'camera'
  | 'puzzle'
  | 'map'
  | 'car'
  | 'cup'
  | 'gift'
  | 'stroller'
  | 'headphones'
  | 'wheelchair'
  | 'seat'
  | 'fish'
  | 'paw'
  | 'star';

export interface TicketPackSeed {
  code: string;
  parkSlug: string;
  category: 0 | 1 | 2 | 3 | 4 | 5;
  name: Text;
  description: Text;
  saleLabel: 1 | 2 | 3 | 4 | 5 | 6 | 99;
  applicationStarts: number;
  applicationEnds: number;
  availableFrom: number;
  availableUntil: number;
  selectableTimes: string[];
  minTotal: number;
  maxTotal: number;
  price: number;
  isPrivate: boolean;
  items: { itemCode: string; quantity: number }[];
}

export interface PageSeed {
  slug: string;
  title: Text;
  body: Text;
}

export interface TagSeed {
  code: string;
  category: 'living-thing' | 'facility' | 'event' | 'quest' | 'other';
  name: Text;
}
