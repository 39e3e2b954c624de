import type { StoryDetail, StoryImageDto, StorySummary } from '../../../common/dto/story';
import type { Locale, StoryKind } from '../../../common/enums';
import { localize } from '../../lib/localize';
import { type LoadedMedia, presentMedia } from './media/presentMedia';

/** A story row as selected by `STORY_COLUMNS` (camelCase through the knex mappers). */
export interface StoryRow {
  id: number;
  kind: StoryKind;
  titleJa: string;
  titleEn: string | null;
  excerptJa: string;
  excerptEn: string | null;
  imageUrl: string;
  videoUrl: string | null;
  durationSeconds: number | null;
  likeCount: number;
  viewCount: number;
  publishedAt: Date | string;
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
  parkUserId: number;
  parkUserNameJa: string;
  parkUserNameEn: string | null;
  parkUserRoleJa: string;
  parkUserRoleEn: string | null;
  parkUserIconUrl: string;
  parkLivingThingId: number | null;
  parkLivingThingNicknameJa: string | null;
  parkLivingThingNicknameEn: string | null;
  livingThingId: number | null;
  livingThingNameJa: string | null;
  livingThingNameEn: string | null;
}

export interface StoryDetailRow extends StoryRow {
  bodyJa: string;
  bodyEn: string | null;
  isPrivate: boolean;
}

export interface StoryImageRow {
  url: string;
  captionJa: string | null;
  captionEn: string | null;
}

/** Excerpt length in characters: Japanese packs more into each one. */
const EXCERPT = { ja: 60, en: 120 } as const;
/** Characters of the body selected for the excerpt (enough for either language). */
export const EXCERPT_SOURCE_CHARS = 200;

/** The first words of a text on one line, cut at `max` characters with an ellipsis (on a word in English). */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  let cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s、。,.]+$/, '')}…`;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function presentStorySummary(row: StoryRow, locale: Locale): StorySummary {
  return {
    id: row.id,
    kind: row.kind,
    title: localize(row, 'title', locale),
    excerpt: excerpt(localize(row, 'excerpt', locale), EXCERPT[locale]),
    imageUrl: row.imageUrl,
    videoUrl: row.videoUrl,
    durationSeconds: row.durationSeconds,
    likeCount: row.likeCount,
    viewCount: row.viewCount,
    publishedAt: iso(row.publishedAt),
    park: { id: row.parkId, name: localize(row, 'parkName', locale) },
    parkUser: {
      id: row.parkUserId,
      name: localize(row, 'parkUserName', locale),
      role: localize(row, 'parkUserRole', locale),
      iconUrl: row.parkUserIconUrl,
    },
    parkLivingThing:
      row.parkLivingThingId === null
        ? null
        : {
            id: row.parkLivingThingId,
            nickname: localize(
              { nicknameJa: row.parkLivingThingNicknameJa, nicknameEn: row.parkLivingThingNicknameEn },
              'nickname',
              locale,
            ),
          },
    livingThing:
      row.livingThingId === null
        ? null
        : {
            id: row.livingThingId,
            name: localize({ nameJa: row.livingThingNameJa, nameEn: row.livingThingNameEn }, 'name', locale),
          },
  };
}

/** A story's uploaded media and linked animals, as loaded by media/presentMedia.ts. */
export interface StoryDetailExtras {
  media: LoadedMedia[];
  livingThings: { id: number; nicknameJa: string; nicknameEn: string | null; imageUrl: string }[];
}

export function presentStoryDetail(
  row: StoryDetailRow,
  images: StoryImageRow[],
  locale: Locale,
  extras: StoryDetailExtras,
): StoryDetail {
  const title = localize(row, 'title', locale);
  return {
    ...presentStorySummary(row, locale),
    body: localize(row, 'body', locale),
    images: images.map((img): StoryImageDto => ({ url: img.url, caption: localize(img, 'caption', locale) || title })),
    media: extras.media.map((m) => presentMedia(m, locale)),
    livingThings: extras.livingThings.map((a) => ({
      id: a.id,
      nickname: localize(a, 'nickname', locale),
      imageUrl: a.imageUrl,
    })),
    isPrivate: row.isPrivate,
  };
}
