export type { TicketPack } from './models';
export { isApplicationOpen } from './presentTicketPack';
