// Stories (articles and short movies) posted by park staff, planned deterministically from the
// parks, their animals, their staff and the topic templates.
import { hash32, rng } from '../util';
import { media } from './media';
import { PARK_ANIMALS } from './park-animals';
import { PARKS } from './parks';
import { speciesByCode } from './species';
import { staffForPark } from './staff';
import { ANIMAL_ARTICLES, MOVIES, PARK_ARTICLES, type Topic } from './story-topics';
import type { ParkAnimalSeed, ParkSeed, SpeciesSeed, StaffSeed, StorySeed } from './types';

/** How far back stories are published (days). */
export const STORY_WINDOW_DAYS = 120;

const ARTICLES_PER_PARK = 5;
const MOVIES_PER_PARK = 2;

/** The keeper who looks after this kind of animal, if the park has one. */
function keeperFor(staff: StaffSeed[], species: SpeciesSeed | null): StaffSeed | undefined {
  if (!species) return undefined;
  const keys = [species.art.shape, species.tag, species.code];
  return staff.find((s) => s.focus.some((f) => keys.includes(f)));
}

function pickStaff(staff: StaffSeed[], species: SpeciesSeed | null): StaffSeed {
  const first = staff[0];
  if (!first) throw new Error('park without staff');
  return keeperFor(staff, species) ?? staff.find((s) => s.focus.includes('*')) ?? first;
}

function planPark(park: ParkSeed, parkIndex: number, globalUse: Map<string, number>): StorySeed[] {
  const random = rng(`stories:${park.slug}`);
  const staff = staffForPark(park.slug);
  const roster = PARK_ANIMALS.filter((a) => a.parkSlug === park.slug)
    .map((a) => ({ a, k: random() }))
    .sort((x, y) => x.k - y.k)
    .map((x) => x.a);
  // Young animals first: their stories are the most current.
  roster.sort((x, y) => Number(typeof y.birthday === 'number') - Number(typeof x.birthday === 'number'));

  const used = new Set<string>();
  const usedAnimals = new Set<string>();
  const plans: { topic: Topic; animal: ParkAnimalSeed | null }[] = [];

  const choose = (topics: Topic[], animal: ParkAnimalSeed | null): Topic | undefined => {
    const species = animal ? speciesByCode(animal.speciesCode) : null;
    const hasKeeper = !!keeperFor(staff, species);
    const candidates = topics.filter(
      (t) => !used.has(t.key) && (!t.needsKeeper || hasKeeper) && t.applies(species, animal, park),
    );
    candidates.sort(
      (x, y) =>
        (globalUse.get(x.key) ?? 0) - (globalUse.get(y.key) ?? 0) ||
        hash32(`${park.slug}:${x.key}`) - hash32(`${park.slug}:${y.key}`),
    );
    // Birth news always wins for a young animal.
    return candidates.find((t) => t.key === 'baby' || t.key === 'm-baby') ?? candidates[0];
  };
  const take = (topic: Topic, animal: ParkAnimalSeed | null) => {
    used.add(topic.key);
    if (animal) usedAnimals.add(animal.code);
    globalUse.set(topic.key, (globalUse.get(topic.key) ?? 0) + 1);
    plans.push({ topic, animal });
  };

  for (const animal of roster) {
    if (plans.filter((p) => p.topic.kind === 'article').length >= ARTICLES_PER_PARK) break;
    const topic = choose(ANIMAL_ARTICLES, animal);
    if (topic) take(topic, animal);
  }
  for (const animal of [...roster].reverse()) {
    if (plans.filter((p) => p.topic.kind === 'short_movie').length >= MOVIES_PER_PARK) break;
    if (usedAnimals.has(animal.code) && typeof animal.birthday !== 'number') continue;
    const topic = choose(MOVIES, animal);
    if (topic) take(topic, animal);
  }
  const parkTopic = PARK_ARTICLES[parkIndex % PARK_ARTICLES.length];
  if (parkTopic) take(parkTopic, null);

  return plans.map(({ topic, animal }, n) => {
    const species = animal ? speciesByCode(animal.speciesCode) : null;
    const author = pickStaff(staff, species);
    const code = `${park.slug}--${topic.key}${species ? `--${species.code}` : ''}`;
    const h = hash32(code);
    const bornDaysAgo = animal && typeof animal.birthday === 'number' ? -animal.birthday : null;
    const maxDaysAgo = bornDaysAgo !== null ? bornDaysAgo - 21 : STORY_WINDOW_DAYS - 1;
    let publishedDaysAgo = 1 + ((h >>> 3) % (STORY_WINDOW_DAYS - 4));
    if (n === 0) publishedDaysAgo = 1 + (h % 6);
    publishedDaysAgo = Math.min(publishedDaysAgo, maxDaysAgo);
    const ageDays = bornDaysAgo !== null ? bornDaysAgo - publishedDaysAgo : null;
    const rendered = topic.render({ park, staff: author, animal, species, ageDays });
    const movie = topic.kind === 'short_movie';
    const imageCount = movie ? 1 : Math.min(rendered.captions.length, 1 + (h % 3));
    const views = movie ? 2000 + (h % 38000) : 300 + (h % 12000);
    const likeRate = 0.03 + ((h >>> 8) % 90) / 1000;
    return {
      code,
      parkSlug: park.slug,
      staffCode: author.code,
      parkAnimalCode: animal?.code ?? null,
      kind: topic.kind,
      topic: topic.key,
      title: rendered.title,
      body: {
        ja: rendered.paragraphs.map((p) => p.ja).join('\n\n'),
        en: rendered.paragraphs.map((p) => p.en).join('\n\n'),
      },
      images: rendered.captions.slice(0, imageCount).map((caption, k) => ({ url: media.story(code, k + 1), caption })),
      videoUrl: movie ? media.movie(code) : null,
      durationSeconds: movie ? 15 + (h % 46) : null,
      likeCount: Math.round(views * likeRate),
      viewCount: views,
      isPrivate: h % 19 === 0,
      publishedDaysAgo,
      publishedTime: `${String(9 + (h % 9)).padStart(2, '0')}:${String(((h >>> 5) % 4) * 15).padStart(2, '0')}`,
      seasonMonths: topic.months ?? null,
      maxDaysAgo,
    };
  });
}

function planAll(): StorySeed[] {
  const globalUse = new Map<string, number>();
  const stories = PARKS.flatMap((park, i) => planPark(park, i, globalUse));
  // A few drafts are kept private so the private story route has content.
  const privateCount = stories.filter((s) => s.isPrivate).length;
  for (let i = 0, need = 3 - privateCount; need > 0 && i < stories.length; i += 37) {
    const s = stories[i];
    if (s && !s.isPrivate) {
      s.isPrivate = true;
      need--;
    }
  }
  return stories;
}

export const STORIES: readonly StorySeed[] = planAll();
