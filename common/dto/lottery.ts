// My Tickets' lottery entries and waitlist places (server: features/lottery, features/waitlist).
import type { DrawChoice } from '../rules/lotteryDraw';

export interface LotteryEntryView {
  id: number;
  lotteryId: number;
  itemId: number;
  itemName: string;
  parkName: string;
  imageUrl: string;
  applicationNumber: string;
  party: number;
  amount: number;
  choices: DrawChoice[];
  waitlist: boolean;
  /** waiting (抽選待ち) | won (当選) | lost (落選) | withdrawn | cancelled (payment failed or win cancelled) */
  status: 'paying' | 'waiting' | 'won' | 'lost' | 'withdrawn' | 'cancelled';
  wonChoice: DrawChoice | null;
  orderId: number;
  entryClosesAt: string;
  drawAt: string;
  announceAt: string;
  /** Still open for changes and withdrawal. */
  editable: boolean;
  createdAt: string;
}

export interface WaitlistView {
  id: number;
  itemId: number;
  itemName: string;
  parkName: string;
  imageUrl: string;
  date: string;
  time: string | null;
  party: number;
  amount: number;
  /** waiting | offered | accepted | declined | expired | withdrawn */
  state: string;
  offerDeadline: string | null;
  /** Ahead in the queue for the same date and slot (waiting only). */
  ahead: number | null;
  orderId: number | null;
  fromLottery: boolean;
}
