// Objection models of ticket packs: a bundle of items sold together at a set price per pack.
import { BaseModel } from '../../models/BaseModel';
import { Park } from '../../models/Park';
import { Item } from '../items';

export class TicketPackItem extends BaseModel {
  static override tableName = 'ticket_pack_items';
  static override idColumn = ['ticketPackId', 'itemId'];
  ticketPackId!: number;
  itemId!: number;
  quantity!: number;
  item?: Item;

  static override relationMappings = () => ({
    item: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Item,
      join: { from: 'ticket_pack_items.itemId', to: 'items.id' },
    },
  });
}

export class TicketPack extends BaseModel {
  static override tableName = 'ticket_packs';
  id!: number;
  code!: string;
  parkId!: number;
  category!: number;
  nameJa!: string;
  nameEn!: string | null;
  descriptionJa!: string;
  descriptionEn!: string | null;
  saleLabel!: number;
  applicationStartsAt!: Date;
  applicationEndsAt!: Date;
  availableFrom!: string;
  availableUntil!: string;
  selectableTimes!: string[];
  minTotal!: number;
  maxTotal!: number;
  price!: number;
  imageUrl!: string;
  isPrivate!: boolean;
  linkId!: string;
  updatedAt!: Date;

  park?: Park;
  contents?: TicketPackItem[];

  static override relationMappings = () => ({
    park: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Park,
      join: { from: 'ticket_packs.parkId', to: 'parks.id' },
    },
    contents: {
      relation: BaseModel.HasManyRelation,
      modelClass: TicketPackItem,
      join: { from: 'ticket_packs.id', to: 'ticket_pack_items.ticketPackId' },
    },
  });
}
