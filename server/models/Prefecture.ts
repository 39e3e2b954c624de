import { BaseModel } from './BaseModel';

export class Region extends BaseModel {
  static override tableName = 'regions';
  id!: number;
  code!: string;
  nameJa!: string;
  nameEn!: string | null;
}

export class Prefecture extends BaseModel {
  static override tableName = 'prefectures';
  id!: number;
  regionId!: number;
  nameJa!: string;
  nameEn!: string | null;
  region?: Region;

  static override relationMappings = () => ({
    region: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Region,
      join: { from: 'prefectures.region_id', to: 'regions.id' },
    },
  });
}
