import type { StoryKind, StoryList } from '../enums';
import type { PageMeta } from './api';
import type { NamedRef } from './park';

export interface ParkUserRef {
  id: number;
  name: string;
  role: string;
  iconUrl: string;
}

export interface StorySummary {
  id: number;
  kind: StoryKind;
  title: string;
  /** The first words of the body. */
  excerpt: string;
  imageUrl: string;
  /** Short movies: an animated SVG (9:16). */
  videoUrl: string | null;
  durationSeconds: number | null;
  likeCount: number;
  viewCount: number;
  /** ISO 8601 */
  publishedAt: string;
  park: NamedRef;
  parkUser: ParkUserRef;
  parkLivingThing: { id: number; nickname: string } | null;
  livingThing: NamedRef | null;
}

export interface StoryImageDto {
  url: string;
  caption: string;
}

export interface StoryDetail extends StorySummary {
  body: string;
  images: StoryImageDto[];
  /** Photos and short movies uploaded by the park's staff, in order. */
  media: StoryMediaDto[];
  /** The park's animals the story is about. */
  livingThings: StoryLivingThingRef[];
  isPrivate: boolean;
  /** Only in a staff preview of a story not (yet) public: its status (draft, scheduled, unpublished). */
  previewStatus?: 'draft' | 'scheduled' | 'published' | 'unpublished';
}

export interface StoryListMeta extends PageMeta {
  list: StoryList | null;
  /** The shuffle seed of a `randoms` list: pass it back to page through the same order. */
  seed?: string;
}

export interface ParkUserDetail extends ParkUserRef {
  bio: string;
  park: NamedRef & { imageUrl: string };
  storyCount: number;
  followerCount: number;
}

/** A photo of a story in the widths the server made: `<picture>` sources (AVIF, WebP) and the WebP fallback. */
export interface StoryPicture {
  /** The largest WebP. */
  src: string;
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
  /** Upright size of the largest variant: width and height attributes (no layout shift). */
  width: number;
  height: number;
}

export interface StoryPhotoDto extends StoryPicture {
  id: string;
  kind: 'photo';
  alt: string;
}

export interface StoryMovieDto {
  id: string;
  kind: 'movie';
  /** Describes the movie (the poster's alt text). */
  alt: string;
  src: string;
  type: 'video/mp4' | 'video/webm';
  durationSeconds: number;
  poster: StoryPicture;
}

export type StoryMediaDto = StoryPhotoDto | StoryMovieDto;

/** A park animal a story is about. */
export interface StoryLivingThingRef {
  id: number;
  nickname: string;
  imageUrl: string;
}
