import { Model } from 'objection';

/** All models: tables are plural snake_case; knexSnakeCaseMappers on the knex instance maps columns to camelCase. */
export class BaseModel extends Model {
  static override get modelPaths(): string[] {
    return [import.meta.dirname];
  }
}
