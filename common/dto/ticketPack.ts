import type { ItemCategory, SaleLabel } from '../enums';
import type { ItemParkRef } from './item';

/** A ticket pack (a bundle of items sold together) in lists. */
export interface TicketPackSummary {
  id: number;
  category: ItemCategory;
  name: string;
  lead: string;
  imageUrl: string;
  park: ItemParkRef;
  saleLabel: SaleLabel;
  /** Yen per pack, tax included. */
  price: number;
  applicationStartsAt: string;
  applicationEndsAt: string;
  /** Applications are being accepted now (sale label "sale", or "private" by link, inside the schedule). */
  applicationOpen: boolean;
  availableFrom: string;
  availableUntil: string;
  minTotal: number;
  maxTotal: number;
}

export interface TicketPackContent {
  itemId: number;
  name: string;
  category: ItemCategory;
  quantity: number;
  imageUrl: string;
  /** The item has its own public page. */
  listed: boolean;
}

export interface TicketPackDetail extends TicketPackSummary {
  description: string;
  items: TicketPackContent[];
  /** HH:MM options to choose from. */
  selectableTimes: string[];
  /** Dates (from today) on which every item of the pack can be used and applied for. */
  selectableDates: string[];
  isPrivate: boolean;
}
