// Reference data shared by seeds and the PWA: regions, prefectures, weekdays, age groups, tag categories.

export interface Region {
  id: number;
  code: string;
  nameJa: string;
  nameEn: string;
}

/** The spec's 9 region groups. */
export const REGIONS: readonly Region[] = [
  { id: 1, code: 'hokkaido', nameJa: '北海道', nameEn: 'Hokkaido' },
  { id: 2, code: 'tohoku', nameJa: '東北', nameEn: 'Tohoku' },
  { id: 3, code: 'kanto', nameJa: '関東', nameEn: 'Kanto' },
  { id: 4, code: 'chubu', nameJa: '中部', nameEn: 'Chubu' },
  { id: 5, code: 'kansai', nameJa: '関西・近畿', nameEn: 'Kansai / Kinki' },
  { id: 6, code: 'chugoku', nameJa: '中国', nameEn: 'Chugoku' },
  { id: 7, code: 'shikoku', nameJa: '四国', nameEn: 'Shikoku' },
  { id: 8, code: 'kyushu', nameJa: '九州・沖縄', nameEn: 'Kyushu / Okinawa' },
  { id: 9, code: 'other', nameJa: 'その他', nameEn: 'Other' },
];

export interface Prefecture {
  id: number;
  regionId: number;
  nameJa: string;
  nameEn: string;
}

// JIS X 0401 codes 1..47.
const P = (id: number, regionId: number, nameJa: string, nameEn: string): Prefecture => ({
  id,
  regionId,
  nameJa,
  nameEn,
});

export const PREFECTURES: readonly Prefecture[] = [
  P(1, 1, '北海道', 'Hokkaido'),
  P(2, 2, '青森県', 'Aomori'),
  P(3, 2, '岩手県', 'Iwate'),
  P(4, 2, '宮城県', 'Miyagi'),
  P(5, 2, '秋田県', 'Akita'),
  P(6, 2, '山形県', 'Yamagata'),
  P(7, 2, '福島県', 'Fukushima'),
  P(8, 3, '茨城県', 'Ibaraki'),
  P(9, 3, '栃木県', 'Tochigi'),
  P(10, 3, '群馬県', 'Gunma'),
  P(11, 3, '埼玉県', 'Saitama'),
  P(12, 3, '千葉県', 'Chiba'),
  P(13, 3, '東京都', 'Tokyo'),
  P(14, 3, '神奈川県', 'Kanagawa'),
  P(15, 4, '新潟県', 'Niigata'),
  P(16, 4, '富山県', 'Toyama'),
  P(17, 4, '石川県', 'Ishikawa'),
  P(18, 4, '福井県', 'Fukui'),
  P(19, 4, '山梨県', 'Yamanashi'),
  P(20, 4, '長野県', 'Nagano'),
  P(21, 4, '岐阜県', 'Gifu'),
  P(22, 4, '静岡県', 'Shizuoka'),
  P(23, 4, '愛知県', 'Aichi'),
  P(24, 5, '三重県', 'Mie'),
  P(25, 5, '滋賀県', 'Shiga'),
  P(26, 5, '京都府', 'Kyoto'),
  P(27, 5, '大阪府', 'Osaka'),
  P(28, 5, '兵庫県', 'Hyogo'),
  P(29, 5, '奈良県', 'Nara'),
  P(30, 5, '和歌山県', 'Wakayama'),
  P(31, 6, '鳥取県', 'Tottori'),
  P(32, 6, '島根県', 'Shimane'),
  P(33, 6, '岡山県', 'Okayama'),
  P(34, 6, '広島県', 'Hiroshima'),
  P(35, 6, '山口県', 'Yamaguchi'),
  P(36, 7, '徳島県', 'Tokushima'),
  P(37, 7, '香川県', 'Kagawa'),
  P(38, 7, '愛媛県', 'Ehime'),
  P(39, 7, '高知県', 'Kochi'),
  P(40, 8, '福岡県', 'Fukuoka'),
  P(41, 8, '佐賀県', 'Saga'),
  P(42, 8, '長崎県', 'Nagasaki'),
  P(43, 8, '熊本県', 'Kumamoto'),
  P(44, 8, '大分県', 'Oita'),
  P(45, 8, '宮崎県', 'Miyazaki'),
  P(46, 8, '鹿児島県', 'Kagoshima'),
  P(47, 8, '沖縄県', 'Okinawa'),
];

export interface Weekday {
  /** ISO weekday: 1 Monday .. 7 Sunday. */
  id: number;
  code: string;
  nameJa: string;
  nameEn: string;
}

export const WEEKDAYS: readonly Weekday[] = [
  { id: 1, code: 'mon', nameJa: '月曜日', nameEn: 'Monday' },
  { id: 2, code: 'tue', nameJa: '火曜日', nameEn: 'Tuesday' },
  { id: 3, code: 'wed', nameJa: '水曜日', nameEn: 'Wednesday' },
  { id: 4, code: 'thu', nameJa: '木曜日', nameEn: 'Thursday' },
  { id: 5, code: 'fri', nameJa: '金曜日', nameEn: 'Friday' },
  { id: 6, code: 'sat', nameJa: '土曜日', nameEn: 'Saturday' },
  { id: 7, code: 'sun', nameJa: '日曜日', nameEn: 'Sunday' },
];

export interface AgeGroup {
  id: number;
  code: string;
  kind: 'category' | 'range';
  nameJa: string;
  nameEn: string;
  minAge: number | null;
  maxAge: number | null;
}

const cat = (
  id: number,
  code: string,
  nameJa: string,
  nameEn: string,
  minAge: number,
  maxAge: number | null,
): AgeGroup => ({
  id,
  code,
  kind: 'category',
  nameJa,
  nameEn,
  minAge,
  maxAge,
});
const range = (id: number, minAge: number, maxAge: number | null): AgeGroup => ({
  id,
  code: `age_${minAge}${maxAge === null ? '_plus' : `_${maxAge}`}`,
  kind: 'range',
  nameJa: maxAge === null ? `${minAge}歳以上` : `${minAge}〜${maxAge}歳`,
  nameEn: maxAge === null ? `${minAge}+` : `${minAge}-${maxAge}`,
  minAge,
  maxAge,
});

/** The six age categories used for prices, then the 12 approximate age ranges. */
export const AGE_GROUPS: readonly AgeGroup[] = [
  cat(1, 'infant', '幼児', 'Infant', 0, 5),
  cat(2, 'primary', '小学生', 'Elementary school', 6, 12),
  cat(3, 'middle', '中学生', 'Junior high school', 12, 15),
  cat(4, 'high', '高校生', 'High school', 15, 18),
  cat(5, 'adult', '大人', 'Adult', 18, 64),
  cat(6, 'senior', 'シニア', 'Senior', 65, null),
  range(101, 0, 2),
  range(102, 3, 5),
  range(103, 6, 9),
  range(104, 10, 12),
  range(105, 13, 15),
  range(106, 16, 18),
  range(107, 19, 29),
  range(108, 30, 39),
  range(109, 40, 49),
  range(110, 50, 59),
  range(111, 60, 69),
  range(112, 70, null),
];

export const AGE_CATEGORY_IDS = AGE_GROUPS.filter((g) => g.kind === 'category').map((g) => g.id);

export interface TagCategoryRow {
  id: number;
  code: string;
  nameJa: string;
  nameEn: string;
}

export const TAG_CATEGORIES: readonly TagCategoryRow[] = [
  { id: 1, code: 'living-thing', nameJa: '生きもの', nameEn: 'Living things' },
  { id: 2, code: 'facility', nameJa: '施設', nameEn: 'Facilities' },
  { id: 3, code: 'event', nameJa: 'イベント', nameEn: 'Events' },
  { id: 4, code: 'quest', nameJa: 'クエスト', nameEn: 'Quests' },
  { id: 5, code: 'other', nameJa: 'その他', nameEn: 'Other' },
];

export const prefectureById = (id: number | null | undefined): Prefecture | undefined =>
  PREFECTURES.find((p) => p.id === id);
