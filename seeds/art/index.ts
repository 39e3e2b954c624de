// Generates the deterministic SVG media the seed data references. The list of files is derived
// from the same data arrays and URL functions the seed uses, so they cannot drift apart.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { ITEMS } from '../content/items';
import { MAP_AREAS } from '../content/map-areas';
import { media, mediaRelativePath } from '../content/media';
import { PACKS } from '../content/packs';
import { PARK_ANIMALS } from '../content/park-animals';
import { PARKS } from '../content/parks';
import { jaName, SPECIES, speciesByCode } from '../content/species';
import { STAFF } from '../content/staff';
import { STORIES } from '../content/stories';
import type { ParkSeed, SpeciesSeed } from '../content/types';
import { hash32 } from '../util';
import { drawAnimal } from './animals';
import { placeAnimal, sceneArt } from './compose';
import { ART_FONT_NAME, ART_FONTS, selectArtFonts } from './fonts';
import { missingGlyphs, missingGlyphsMessage } from './glyphs';
import { type MapZone, parkHeroSvg, parkMapSvg } from './park';
import { avatarSvg } from './people';
import { movieSvg, storyImageSvg } from './story';
import { svgDoc } from './svg';
import { itemBannerSvg, packBannerSvg } from './tickets';

export interface ArtJob {
  /** The URL stored in the database, e.g. /media/animals/polar-bear.svg */
  url: string;
  render: () => string;
}

/** Species of a park in roster order, one entry per species. */
export function parkSpecies(slug: string): SpeciesSeed[] {
  const seen = new Set<string>();
  const out: SpeciesSeed[] = [];
  for (const a of PARK_ANIMALS) {
    if (a.parkSlug !== slug || seen.has(a.speciesCode)) continue;
    seen.add(a.speciesCode);
    out.push(speciesByCode(a.speciesCode));
  }
  return out;
}

/** The species an item or pack banner shows: one named in its code, else one of the park's. */
function bannerSpecies(park: ParkSeed, code: string): SpeciesSeed | null {
  const list = parkSpecies(park.slug);
  const words = code.split('--')[1]?.split('-') ?? [];
  let best: SpeciesSeed | null = null;
  let bestScore = 0;
  for (const s of list) {
    const score = s.code.split('-').filter((w) => words.includes(w) && w !== 'sea').length;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  if (best) return best;
  if (code.endsWith('--admission') || code.endsWith('--annual-pass')) return list[0] ?? null;
  return list.length ? (list[hash32(code) % list.length] ?? null) : null;
}

/** The map zones of a park with the species shown in each; species not placed go to the emptiest zone. */
export function mapZones(slug: string, species: SpeciesSeed[]): MapZone[] {
  const areas = MAP_AREAS[slug] ?? [{ name: { ja: '園内', en: 'Grounds' }, species: [] }];
  const zones: MapZone[] = areas.map((a) => ({ name: a.name, animals: [] }));
  const placed = new Set<string>();
  areas.forEach((a, i) => {
    for (const code of a.species) {
      const s = species.find((x) => x.code === code);
      if (s && !placed.has(code)) {
        placed.add(code);
        zones[i]?.animals.push({ code: s.code, ja: jaName(s), color: s.art.colors[0] });
      }
    }
  });
  for (const s of species) {
    if (placed.has(s.code)) continue;
    const target = zones.reduce((min, z) => (z.animals.length < min.animals.length ? z : min));
    target.animals.push({ code: s.code, ja: jaName(s), color: s.art.colors[0] });
  }
  return zones;
}

function animalImageSvg(s: SpeciesSeed): string {
  const bg = sceneArt(s, 400, 300, s.code, 'a');
  return svgDoc(
    400,
    300,
    `${s.name.ja}（${s.name.en}）`,
    bg.body + placeAnimal(s, bg, 300, { cx: 200, scale: 1.2 }),
    bg.defs,
  );
}

export function artJobs(): ArtJob[] {
  const jobs: ArtJob[] = [];
  const parkBySlug = new Map(PARKS.map((p) => [p.slug, p]));
  const staffByCode = new Map(STAFF.map((s) => [s.code, s]));
  const animalByCode = new Map(PARK_ANIMALS.map((a) => [a.code, a]));

  for (const park of PARKS) {
    const species = parkSpecies(park.slug);
    jobs.push({ url: media.park(park.slug), render: () => parkHeroSvg(park, species) });
    jobs.push({
      url: media.parkMap(park.slug),
      render: () =>
        parkMapSvg(
          park,
          mapZones(park.slug, species),
          park.kind === 'zoo' ? { ja: '園内マップ', en: 'Park map' } : { ja: '館内マップ', en: 'Floor map' },
        ),
    });
  }
  for (const s of SPECIES) jobs.push({ url: media.animal(s.code), render: () => animalImageSvg(s) });
  for (const s of STAFF) {
    const park = parkBySlug.get(s.parkSlug);
    jobs.push({ url: media.user(s.code), render: () => avatarSvg(s, park?.theme.secondary ?? '#eef5ec') });
  }
  for (const story of STORIES) {
    const park = parkBySlug.get(story.parkSlug);
    const staff = staffByCode.get(story.staffCode);
    if (!park || !staff) throw new Error(`art: story ${story.code} has no park or staff`);
    const animal = story.parkAnimalCode ? animalByCode.get(story.parkAnimalCode) : undefined;
    const species = animal ? speciesByCode(animal.speciesCode) : null;
    const list = parkSpecies(park.slug);
    const signature = list.length ? (list[hash32(story.code) % list.length] ?? null) : null;
    const ctx = { story, park, staff, species, signature };
    story.images.forEach((img, i) => {
      jobs.push({ url: img.url, render: () => storyImageSvg(ctx, i + 1) });
    });
    if (story.videoUrl) jobs.push({ url: story.videoUrl, render: () => movieSvg(ctx) });
  }
  for (const item of ITEMS) {
    const park = parkBySlug.get(item.parkSlug);
    if (!park) throw new Error(`art: item ${item.code} has no park`);
    jobs.push({ url: media.item(item.code), render: () => itemBannerSvg(item, park, bannerSpecies(park, item.code)) });
  }
  for (const pack of PACKS) {
    const park = parkBySlug.get(pack.parkSlug);
    if (!park) throw new Error(`art: pack ${pack.code} has no park`);
    jobs.push({ url: media.pack(pack.code), render: () => packBannerSvg(pack, park, bannerSpecies(park, pack.code)) });
  }
  const seen = new Set<string>();
  return jobs.filter((j) => {
    if (seen.has(j.url)) return false;
    seen.add(j.url);
    return true;
  });
}

/** A picture's WebP drawn from its SVG, at 1.5 times the SVG's size. */
export const pictureOf = (svg: string) => sharp(Buffer.from(svg), { density: 108 }).webp({ quality: 82, effort: 2 });

/**
 * Writes the media files of `jobs` (all of them unless told) under outDir (e.g. public/media); returns the number
 * written. Refuses, before writing anything, pictures whose text the art's font has no glyph for.
 */
export async function generateArt(outDir: string, jobs: ArtJob[] = artJobs()): Promise<number> {
  const files = jobs.map((j) => ({ url: j.url, svg: j.render() }));
  // Pictures (.webp, at 1.5 times the SVG's size) are drawn from their SVG once here: an SVG <img> is a document of
  // its own that the page's main thread parses, styles, lays out and paints (about 70 ms each at Lighthouse's 4x CPU
  // slowdown), where a raster picture is decoded off the main thread. Maps and short movies stay SVG (zoomed;
  // animated; drawn with the visitor's fonts).
  const pictures = files.filter((f) => f.url.endsWith('.webp'));
  const missing = missingGlyphs(
    pictures,
    ART_FONTS.map((f) => f.file),
  );
  if (missing.length) throw new Error(missingGlyphsMessage(missing, ART_FONT_NAME));
  selectArtFonts();
  const dirs = new Set(files.map((f) => dirname(join(outDir, mediaRelativePath(f.url)))));
  for (const d of dirs) await mkdir(d, { recursive: true });
  // Four at a time.
  let n = 0;
  const next = async (): Promise<void> => {
    const file = files[n++];
    if (!file) return;
    const path = join(outDir, mediaRelativePath(file.url));
    if (file.url.endsWith('.webp')) await pictureOf(file.svg).toFile(path);
    else await writeFile(path, file.svg, 'utf8');
    return next();
  };
  await Promise.all([next(), next(), next(), next()]);
  return files.length;
}

export { drawAnimal };
