// Objection models of the item (ticket) tables: items and their plans, prices, time slots, excluded days,
// cancellation policy and tags. Columns are camelCase here, join columns and id columns included: knexSnakeCaseMappers
// on the knex instance turns them into snake_case SQL, and objection matches related rows by these property names.
import type { AdvanceField } from '../../../common/rules/advanceInfo';
import { BaseModel } from '../../models/BaseModel';
import { Park } from '../../models/Park';

export class ItemPlanPrice extends BaseModel {
  static override tableName = 'item_plan_prices';
  static override idColumn = ['itemPlanId', 'ageGroupId'];
  itemPlanId!: number;
  ageGroupId!: number;
  price!: number;
}

export class ItemPlan extends BaseModel {
  static override tableName = 'item_plans';
  id!: number;
  itemId!: number;
  kind!: 'basic' | 'additional';
  nameJa!: string;
  nameEn!: string | null;
  sort!: number;
  prices?: ItemPlanPrice[];

  static override relationMappings = () => ({
    prices: {
      relation: BaseModel.HasManyRelation,
      modelClass: ItemPlanPrice,
      join: { from: 'item_plans.id', to: 'item_plan_prices.itemPlanId' },
    },
  });
}

export class ItemTimeSlot extends BaseModel {
  static override tableName = 'item_time_slots';
  id!: number;
  itemId!: number;
  startTime!: string;
  endTime!: string;
  capacity!: number;
}

export class ItemExcludedDay extends BaseModel {
  static override tableName = 'item_excluded_days';
  static override idColumn = ['itemId', 'date'];
  itemId!: number;
  date!: string;
}

export class ItemCancellationPolicy extends BaseModel {
  static override tableName = 'item_cancellation_policies';
  static override idColumn = ['itemId', 'daysBefore'];
  itemId!: number;
  daysBefore!: number;
  chargeRate!: number;
}

export class Tag extends BaseModel {
  static override tableName = 'tags';
  id!: number;
  tagCategoryId!: number;
  code!: string;
  nameJa!: string;
  nameEn!: string | null;
}

export class Item extends BaseModel {
  static override tableName = 'items';
  id!: number;
  code!: string;
  parkId!: number;
  category!: number;
  nameJa!: string;
  nameEn!: string | null;
  descriptionJa!: string;
  descriptionEn!: string | null;
  notesJa!: string | null;
  notesEn!: string | null;
  saleLabel!: number;
  combinationLabel!: number;
  usageTrigger!: number;
  reservationRequired!: boolean;
  lottery!: boolean;
  /** An annual pass item (pass_products has its settings; issue 29). */
  pass!: boolean;
  waitlist!: boolean;
  seatSelection!: boolean;
  minimumParticipant!: number;
  maxPerOrder!: number;
  disabilityPrice!: number | null;
  availableFrom!: string;
  availableUntil!: string;
  applicationDeadlineDays!: number;
  applicationDeadlineTime!: string;
  saleStartsAt!: Date | null;
  saleEndsAt!: Date | null;
  shareableUntil!: string | null;
  rewardCoins!: number;
  dailyCapacity!: number;
  /** jsonb: asked of each ticket holder at checkout. */
  advanceInfoFields!: AdvanceField[];
  imageUrl!: string;
  isPrivate!: boolean;
  linkId!: string;
  updatedAt!: Date;

  park?: Park;
  plans?: ItemPlan[];
  timeSlots?: ItemTimeSlot[];
  excludedDays?: ItemExcludedDay[];
  cancellationPolicies?: ItemCancellationPolicy[];
  tags?: Tag[];

  static override relationMappings = () => ({
    park: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Park,
      join: { from: 'items.parkId', to: 'parks.id' },
    },
    plans: {
      relation: BaseModel.HasManyRelation,
      modelClass: ItemPlan,
      join: { from: 'items.id', to: 'item_plans.itemId' },
    },
    timeSlots: {
      relation: BaseModel.HasManyRelation,
      modelClass: ItemTimeSlot,
      join: { from: 'items.id', to: 'item_time_slots.itemId' },
    },
    excludedDays: {
      relation: BaseModel.HasManyRelation,
      modelClass: ItemExcludedDay,
      join: { from: 'items.id', to: 'item_excluded_days.itemId' },
    },
    cancellationPolicies: {
      relation: BaseModel.HasManyRelation,
      modelClass: ItemCancellationPolicy,
      join: { from: 'items.id', to: 'item_cancellation_policies.itemId' },
    },
    tags: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: Tag,
      join: {
        from: 'items.id',
        through: { from: 'item_tags.itemId', to: 'item_tags.tagId' },
        to: 'tags.id',
      },
    },
  });
}
