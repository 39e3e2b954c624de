// The sweep notifyNewStories: a public story published in the last day and not yet announced is told to the
// followers of its park (the kind newStory is off unless a follower turned it on: notify() keeps it in the inbox
// only). Once per story (stories.announced_at).
import type { Knex } from 'knex';
import { notify } from './notify';

export async function notifyNewStories(knex: Knex, now: Date): Promise<{ stories: number; followers: number }> {
  return knex.transaction(async (trx) => {
    const stories = (await trx('stories as s')
      .join('parks as p', 'p.id', 's.park_id')
      .whereNull('s.announced_at')
      .where('s.is_private', false)
      .where('s.status', 'published')
      .where('s.published_at', '<=', now)
      .where('s.published_at', '>', new Date(now.getTime() - 86_400_000))
      .orderBy('s.id')
      .limit(20)
      .forUpdate()
      .skipLocked()
      .select('s.id', 's.park_id', 's.title_ja', 's.title_en', 'p.name_ja as park_ja', 'p.name_en as park_en')) as {
      id: number;
      parkId: number;
      titleJa: string;
      titleEn: string | null;
      parkJa: string;
      parkEn: string | null;
    }[];
    let followers = 0;
    for (const s of stories) {
      const users = (await trx('follows')
        .where({ target_type: 'park', target_id: s.parkId })
        .pluck('user_id')) as number[];
      for (const userId of users) {
        await notify(trx, {
          userId,
          kind: 'newStory',
          params: {
            park: { ja: s.parkJa, en: s.parkEn ?? s.parkJa },
            title: { ja: s.titleJa, en: s.titleEn ?? s.titleJa },
          },
          navigate: `/story/${s.id}`,
          about: `story:${s.id}`,
        });
      }
      followers += users.length;
      await trx('stories').where({ id: s.id }).update({ announced_at: now });
    }
    return { stories: stories.length, followers };
  });
}
