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
