// Idempotent seed: reference data and the demo catalogue. Rows are upserted by natural keys, and the
// child rows of each seeded parent are replaced (or synchronised in place where other tables may
// point at them: item plans and time slots keep their ids). Everything runs in one transaction and
// only through `trx` (the embedded database has a single connection).
import type { Knex } from 'knex';
import { AGE_GROUPS, PREFECTURES, REGIONS, TAG_CATEGORIES, WEEKDAYS } from '../common/reference';
import { seedCommerce } from './commerce';
import { ITEMS } from './content/items';
import { media } from './content/media';
import { PACKS } from './content/packs';
import { PAGES } from './content/pages';
import { PARK_ANIMALS } from './content/park-animals';
import { commercialLawNotice, PARKS } from './content/parks';
import { SPECIES } from './content/species';
import { STAFF } from './content/staff';
import { STORIES } from './content/stories';
import { TAGS } from './content/tags';
import { resolvePublishedDaysAgo, resolveSpecialDays } from './dates';
import { seedParkMaps } from './parkMaps';
import { seedParkStaff } from './parkStaff';
import { seedPassProducts } from './passes';
import { seedSeats } from './seats';
import { addDays, chunk, deterministicUuid, tokyoDate, tokyoInstant } from './util';

type Row = Record<string, unknown>;
type IdMap = Map<string, number>;

const BATCH = 200;

/** Insert rows in batches, merging on conflict with `key`; returns natural key -> id. */
async function upsert(trx: Knex.Transaction, table: string, key: string, rows: Row[]): Promise<IdMap> {
  const ids: IdMap = new Map();
  for (const part of chunk(rows, BATCH)) {
    const returned = (await trx(table).insert(part).onConflict(key).merge().returning(['id', key])) as Row[];
    for (const r of returned) ids.set(String(r[key]), Number(r.id));
  }
  return ids;
}

/** Upsert rows whose primary key `id` is given (reference tables). */
async function upsertById(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
  for (const part of chunk(rows, BATCH)) await trx(table).insert(part).onConflict('id').merge();
}

async function insertAll(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
  for (const part of chunk(rows, BATCH)) await trx(table).insert(part);
}

async function deleteWhereIn(trx: Knex.Transaction, table: string, column: string, ids: number[]): Promise<void> {
  for (const part of chunk(ids, 1000)) await trx(table).whereIn(column, part).del();
}

const idOf = (map: IdMap, key: string): number => {
  const id = map.get(key);
  if (id === undefined) throw new Error(`seed: missing id for ${key}`);
  return id;
};

const pgTextArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export async function seed(knex: Knex): Promise<void> {
  const today = tokyoDate();
  await knex.transaction(async (trx) => {
    const now = trx.fn.now();

    // Reference data
    await upsertById(
      trx,
      'regions',
      REGIONS.map((r) => ({ id: r.id, code: r.code, name_ja: r.nameJa, name_en: r.nameEn })),
    );
    await upsertById(
      trx,
      'prefectures',
      PREFECTURES.map((p) => ({ id: p.id, region_id: p.regionId, name_ja: p.nameJa, name_en: p.nameEn })),
    );
    await upsertById(
      trx,
      'weekdays',
      WEEKDAYS.map((w) => ({ id: w.id, code: w.code, name_ja: w.nameJa, name_en: w.nameEn })),
    );
    await upsertById(
      trx,
      'age_groups',
      AGE_GROUPS.map((g) => ({
        id: g.id,
        code: g.code,
        kind: g.kind,
        name_ja: g.nameJa,
        name_en: g.nameEn,
        min_age: g.minAge,
        max_age: g.maxAge,
      })),
    );
    await upsertById(
      trx,
      'tag_categories',
      TAG_CATEGORIES.map((c) => ({ id: c.id, code: c.code, name_ja: c.nameJa, name_en: c.nameEn })),
    );
    const categoryId = new Map(TAG_CATEGORIES.map((c) => [c.code, c.id]));
    const tagIds = await upsert(
      trx,
      'tags',
      'code',
      TAGS.map((t) => ({
        tag_category_id: categoryId.get(t.category),
        code: t.code,
        name_ja: t.name.ja,
        name_en: t.name.en,
      })),
    );

    // Parks
    const parkIds = await upsert(
      trx,
      'parks',
      'slug',
      PARKS.map((p) => {
        const notice = commercialLawNotice(p);
        return {
          slug: p.slug,
          kind: p.kind,
          name_ja: p.name.ja,
          name_en: p.name.en,
          name_kana: p.nameKana,
          description_ja: p.description.ja,
          description_en: p.description.en,
          prefecture_id: p.prefectureId,
          postal_code: p.postalCode,
          address_ja: p.address.ja,
          address_en: p.address.en,
          latitude: p.latitude,
          longitude: p.longitude,
          phone: p.phone,
          website_url: p.websiteUrl,
          inquiry_email: p.inquiryEmail,
          inquiry_form_url: p.inquiryFormUrl,
          open_time: p.openTime,
          close_time: p.closeTime,
          last_entry_time: p.lastEntryTime,
          business_hours_note_ja: p.businessHoursNote.ja,
          business_hours_note_en: p.businessHoursNote.en,
          closed_days_note_ja: p.closedDaysNote.ja,
          closed_days_note_en: p.closedDaysNote.en,
          average_stay_minutes: p.averageStayMinutes,
          access_ja: p.access.ja,
          access_en: p.access.en,
          commercial_law_notice_ja: notice.ja,
          commercial_law_notice_en: notice.en,
          image_url: media.park(p.slug),
          map_image_url: media.parkMap(p.slug),
          is_private: false,
          link_id: deterministicUuid('park', p.slug),
          updated_at: now,
        };
      }),
    );
    const seededParkIds = [...parkIds.values()];
    await deleteWhereIn(trx, 'park_closed_weekdays', 'park_id', seededParkIds);
    await insertAll(
      trx,
      'park_closed_weekdays',
      PARKS.flatMap((p) => p.closedWeekdays.map((w) => ({ park_id: idOf(parkIds, p.slug), weekday_id: w }))),
    );
    await deleteWhereIn(trx, 'park_special_days', 'park_id', seededParkIds);
    await insertAll(
      trx,
      'park_special_days',
      PARKS.flatMap((p) =>
        resolveSpecialDays(p.specialDays, today).map((d) => ({
          park_id: idOf(parkIds, p.slug),
          date: d.date,
          kind: d.kind,
          open_time: d.openTime,
          close_time: d.closeTime,
          note_ja: d.note.ja,
          note_en: d.note.en,
        })),
      ),
    );

    // Living things
    const speciesIds = await upsert(
      trx,
      'living_things',
      'code',
      SPECIES.map((s) => ({
        code: s.code,
        name_ja: s.name.ja,
        name_en: s.name.en,
        name_kana: s.kana,
        scientific_name: s.scientificName,
        classification_ja: s.classification.ja,
        classification_en: s.classification.en,
        habitat_ja: s.habitat.ja,
        habitat_en: s.habitat.en,
        diet_ja: s.diet.ja,
        diet_en: s.diet.en,
        description_ja: s.description.ja,
        description_en: s.description.en,
        weight_kg: s.weightKg,
        height_cm: s.heightCm,
        birth_weight_kg: s.birthWeightKg,
        birth_height_cm: s.birthHeightCm,
        number_of_species: s.numberOfSpecies,
        tag_id: idOf(tagIds, s.tag),
        image_url: media.animal(s.code),
        updated_at: now,
      })),
    );
    const parkAnimalIds = await upsert(
      trx,
      'park_living_things',
      'code',
      PARK_ANIMALS.map((a) => ({
        park_id: idOf(parkIds, a.parkSlug),
        living_thing_id: idOf(speciesIds, a.speciesCode),
        code: a.code,
        nickname_ja: a.nickname.ja,
        nickname_en: a.nickname.en,
        is_group: a.isGroup,
        birthday: typeof a.birthday === 'number' ? addDays(today, a.birthday) : a.birthday,
        gender: a.gender,
        approx_number_bred: a.approxNumberBred,
        description_ja: a.description.ja,
        description_en: a.description.en,
        image_url: media.animal(a.speciesCode),
        updated_at: now,
      })),
    );

    // Staff and stories
    const staffIds = await upsert(
      trx,
      'park_users',
      'code',
      STAFF.map((s) => ({
        park_id: idOf(parkIds, s.parkSlug),
        code: s.code,
        name_ja: s.name.ja,
        name_en: s.name.en,
        role_ja: s.role.ja,
        role_en: s.role.en,
        bio_ja: s.bio.ja,
        bio_en: s.bio.en,
        icon_url: media.user(s.code),
        updated_at: now,
      })),
    );
    const storyIds = await upsert(
      trx,
      'stories',
      'code',
      STORIES.map((s) => {
        const daysAgo = resolvePublishedDaysAgo(today, s.publishedDaysAgo, s.seasonMonths, s.maxDaysAgo);
        return {
          code: s.code,
          park_id: idOf(parkIds, s.parkSlug),
          park_user_id: idOf(staffIds, s.staffCode),
          park_living_thing_id: s.parkAnimalCode ? idOf(parkAnimalIds, s.parkAnimalCode) : null,
          kind: s.kind,
          title_ja: s.title.ja,
          title_en: s.title.en,
          body_ja: s.body.ja,
          body_en: s.body.en,
          image_url: s.images[0]?.url ?? media.story(s.code, 1),
          video_url: s.videoUrl,
          duration_seconds: s.durationSeconds,
          like_count: s.likeCount,
          view_count: s.viewCount,
          is_private: s.isPrivate,
          link_id: deterministicUuid('story', s.code),
          published_at: tokyoInstant(today, -daysAgo, s.publishedTime),
          updated_at: now,
        };
      }),
    );
    await deleteWhereIn(trx, 'story_images', 'story_id', [...storyIds.values()]);
    await insertAll(
      trx,
      'story_images',
      STORIES.flatMap((s) =>
        s.images.map((img, sort) => ({
          story_id: idOf(storyIds, s.code),
          url: img.url,
          caption_ja: img.caption.ja,
          caption_en: img.caption.en,
          sort,
        })),
      ),
    );

    // Items
    const day = (offset: number | null) => (offset === null ? null : addDays(today, offset));
    const instant = (offset: number | null, time: string) =>
      offset === null ? null : tokyoInstant(today, offset, time);
    const itemIds = await upsert(
      trx,
      'items',
      'code',
      ITEMS.map((i) => ({
        code: i.code,
        park_id: idOf(parkIds, i.parkSlug),
        category: i.category,
        name_ja: i.name.ja,
        name_en: i.name.en,
        description_ja: i.description.ja,
        description_en: i.description.en,
        notes_ja: i.notes?.ja ?? null,
        notes_en: i.notes?.en ?? null,
        sale_label: i.saleLabel,
        combination_label: i.combinationLabel,
        usage_trigger: i.usageTrigger,
        reservation_required: i.reservationRequired,
        lottery: i.lottery,
        waitlist: i.waitlist,
        seat_selection: i.seatSelection,
        minimum_participant: i.minimumParticipant,
        max_per_order: i.maxPerOrder,
        disability_price: i.disabilityPrice,
        available_from: day(i.availableFrom),
        available_until: day(i.availableUntil),
        application_deadline_days: i.applicationDeadlineDays,
        application_deadline_time: i.applicationDeadlineTime,
        sale_starts_at: instant(i.saleStarts, '10:00'),
        sale_ends_at: instant(i.saleEnds, '23:59'),
        shareable_until: day(i.shareableUntil),
        reward_coins: i.rewardCoins,
        daily_capacity: i.dailyCapacity,
        image_url: media.item(i.code),
        is_private: i.isPrivate,
        link_id: deterministicUuid('item', i.code),
        updated_at: now,
      })),
    );
    const seededItemIds = [...itemIds.values()];

    // Plans keep their ids across re-seeds (matched by item and sort order); prices are replaced.
    const existingPlans = (await trx('item_plans')
      .select({ id: 'id', itemid: 'item_id', sort: 'sort' })
      .whereIn('item_id', seededItemIds)) as { id: number; itemid: number; sort: number }[];
    const planIdByKey = new Map(existingPlans.map((p) => [`${p.itemid}:${p.sort}`, Number(p.id)]));
    const wantedPlans = ITEMS.flatMap((i) =>
      i.plans.map((plan, sort) => ({ item: i, plan, sort, itemId: idOf(itemIds, i.code) })),
    );
    const planRow = (w: (typeof wantedPlans)[number]) => ({
      item_id: w.itemId,
      kind: w.plan.kind,
      name_ja: w.plan.name.ja,
      name_en: w.plan.name.en,
      sort: w.sort,
    });
    const keep = wantedPlans.filter((w) => planIdByKey.has(`${w.itemId}:${w.sort}`));
    for (const part of chunk(keep, BATCH)) {
      await trx('item_plans')
        .insert(part.map((w) => ({ id: planIdByKey.get(`${w.itemId}:${w.sort}`), ...planRow(w) })))
        .onConflict('id')
        .merge();
    }
    await insertAll(
      trx,
      'item_plans',
      wantedPlans.filter((w) => !planIdByKey.has(`${w.itemId}:${w.sort}`)).map(planRow),
    );
    const wantedKeys = new Set(wantedPlans.map((w) => `${w.itemId}:${w.sort}`));
    const stalePlans = existingPlans.filter((p) => !wantedKeys.has(`${p.itemid}:${p.sort}`)).map((p) => Number(p.id));
    await deleteWhereIn(trx, 'item_plans', 'id', stalePlans);
    const plans = (await trx('item_plans')
      .select({ id: 'id', itemid: 'item_id', sort: 'sort' })
      .whereIn('item_id', seededItemIds)) as { id: number; itemid: number; sort: number }[];
    const planIds = new Map(plans.map((p) => [`${p.itemid}:${p.sort}`, Number(p.id)]));
    await deleteWhereIn(trx, 'item_plan_prices', 'item_plan_id', [...planIds.values()]);
    await insertAll(
      trx,
      'item_plan_prices',
      wantedPlans.flatMap((w) =>
        Object.entries(w.plan.prices).map(([ageGroupId, price]) => ({
          item_plan_id: idOf(planIds, `${w.itemId}:${w.sort}`),
          age_group_id: Number(ageGroupId),
          price,
        })),
      ),
    );

    // Time slots keep their ids too (unique per item and start time).
    const slotRows = ITEMS.flatMap((i) =>
      i.timeSlots.map((s) => ({
        item_id: idOf(itemIds, i.code),
        start_time: s.start,
        end_time: s.end,
        capacity: s.capacity,
      })),
    );
    for (const part of chunk(slotRows, BATCH)) {
      await trx('item_time_slots').insert(part).onConflict(['item_id', 'start_time']).merge(['end_time', 'capacity']);
    }
    const slotKeys = new Set(slotRows.map((s) => `${s.item_id}:${s.start_time}`));
    const existingSlots = (await trx('item_time_slots')
      .select({ id: 'id', itemid: 'item_id', start: 'start_time' })
      .whereIn('item_id', seededItemIds)) as { id: number; itemid: number; start: string }[];
    await deleteWhereIn(
      trx,
      'item_time_slots',
      'id',
      existingSlots.filter((s) => !slotKeys.has(`${s.itemid}:${s.start}`)).map((s) => Number(s.id)),
    );

    await deleteWhereIn(trx, 'item_excluded_days', 'item_id', seededItemIds);
    await insertAll(
      trx,
      'item_excluded_days',
      ITEMS.flatMap((i) =>
        [...new Set(i.excludedDays)].map((d) => ({ item_id: idOf(itemIds, i.code), date: addDays(today, d) })),
      ),
    );
    await deleteWhereIn(trx, 'item_cancellation_policies', 'item_id', seededItemIds);
    await insertAll(
      trx,
      'item_cancellation_policies',
      ITEMS.flatMap((i) =>
        i.cancellation.map((c) => ({
          item_id: idOf(itemIds, i.code),
          days_before: c.daysBefore,
          charge_rate: c.chargeRate,
        })),
      ),
    );
    await deleteWhereIn(trx, 'item_tags', 'item_id', seededItemIds);
    await insertAll(
      trx,
      'item_tags',
      ITEMS.flatMap((i) =>
        [...new Set(i.tags)].map((t) => ({ item_id: idOf(itemIds, i.code), tag_id: idOf(tagIds, t) })),
      ),
    );

    // Lottery rounds: entries open now for use dates after the draw; a round with entries is never replaced.
    for (const i of ITEMS.filter((x) => x.lottery)) {
      const itemId = idOf(itemIds, i.code);
      if (await trx('lotteries').where({ item_id: itemId }).first('id')) continue;
      await trx('lotteries').insert({
        item_id: itemId,
        use_from: addDays(today, 6),
        use_to: addDays(today, 60),
        entry_opens_at: tokyoInstant(today, -1, '10:00'),
        entry_closes_at: tokyoInstant(today, 3, '23:59'),
        draw_at: tokyoInstant(today, 4, '10:00'),
        announce_at: tokyoInstant(today, 4, '12:00'),
        purchase_deadline: tokyoInstant(today, 5, '23:59'),
      });
    }

    // Ticket packs
    const packIds = await upsert(
      trx,
      'ticket_packs',
      'code',
      PACKS.map((p) => ({
        code: p.code,
        park_id: idOf(parkIds, p.parkSlug),
        category: p.category,
        name_ja: p.name.ja,
        name_en: p.name.en,
        description_ja: p.description.ja,
        description_en: p.description.en,
        sale_label: p.saleLabel,
        application_starts_at: tokyoInstant(today, p.applicationStarts, '10:00'),
        application_ends_at: tokyoInstant(today, p.applicationEnds, '23:59'),
        available_from: addDays(today, p.availableFrom),
        available_until: addDays(today, p.availableUntil),
        selectable_times: pgTextArray(p.selectableTimes),
        min_total: p.minTotal,
        max_total: p.maxTotal,
        price: p.price,
        image_url: media.pack(p.code),
        is_private: p.isPrivate,
        link_id: deterministicUuid('ticket-pack', p.code),
        updated_at: now,
      })),
    );
    await deleteWhereIn(trx, 'ticket_pack_items', 'ticket_pack_id', [...packIds.values()]);
    await insertAll(
      trx,
      'ticket_pack_items',
      PACKS.flatMap((p) =>
        p.items.map((it) => ({
          ticket_pack_id: idOf(packIds, p.code),
          item_id: idOf(itemIds, it.itemCode),
          quantity: it.quantity,
        })),
      ),
    );

    await seedParkMaps(trx, parkIds, parkAnimalIds, itemIds);
    await seedSeats(trx);
    await seedCommerce(trx);
    await seedPassProducts(trx, parkIds);
    await seedParkStaff(
      trx,
      [...parkIds].map(([slug, id]) => ({ id, slug })),
    );

    // Pages
    await upsert(
      trx,
      'pages',
      'slug',
      PAGES.map((p) => ({
        slug: p.slug,
        title_ja: p.title.ja,
        title_en: p.title.en,
        body_ja: p.body.ja,
        body_en: p.body.en,
        updated_at: now,
      })),
    );
  });
}

export default seed;
