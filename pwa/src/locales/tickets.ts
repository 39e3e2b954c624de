// UI strings of the ticket pages (search, results, item detail, ticket packs), ja and en.
// Messages the server also sends (up to 10 dates, pack totals) come from common/messages.ts.
import { ticketItemJa } from './ticketItem';
import { ticketSearchJa } from './ticketSearch';

export const ticketsJa = { ...ticketSearchJa, ...ticketItemJa };
