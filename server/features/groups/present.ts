// What a group request looks like to its requester and to the park's staff (the document itself is a download).
import type { GroupAgeMix, GroupRequestState } from '../../../common/rules/groupRequestState';

export interface GroupRequestRow {
  id: number | string;
  parkId: number;
  userId: number;
  itemId: number;
  date: string | Date;
  timeSlotId: number | null;
  organisation: string;
  kind: string;
  partySize: number;
  ageMix: GroupAgeMix | string;
  leaders: number;
  leaderName: string;
  purpose: string;
  exemptionKind: string | null;
  documentType: string | null;
  state: GroupRequestState;
  price: number | null;
  exemptions: string[] | string | null;
  declineReason: string | null;
  holdIds: (number | string)[];
  stockUnitId: number | string | null;
  dueAt: Date | null;
  paymentMethod: string | null;
  orderId: number | null;
  transferAmount: number | null;
  paidAt: Date | null;
  createdAt: Date;
}

/** Every column but the document's bytes. */
export const REQUEST_COLUMNS = [
  'id',
  'park_id',
  'user_id',
  'item_id',
  'time_slot_id',
  'organisation',
  'kind',
  'party_size',
  'age_mix',
  'leaders',
  'leader_name',
  'purpose',
  'exemption_kind',
  'document_type',
  'state',
  'price',
  'exemptions',
  'decline_reason',
  'hold_ids',
  'stock_unit_id',
  'due_at',
  'payment_method',
  'order_id',
  'transfer_amount',
  'paid_at',
  'created_at',
].map((c) => `group_requests.${c}`);

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const day = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export function presentGroupRequest(r: GroupRequestRow & { itemName?: string }) {
  return {
    id: Number(r.id),
    parkId: r.parkId,
    itemId: r.itemId,
    itemName: r.itemName ?? '',
    date: day(r.date),
    timeSlotId: r.timeSlotId,
    organisation: r.organisation,
    kind: r.kind,
    partySize: r.partySize,
    ageMix: json<GroupAgeMix>(r.ageMix),
    leaders: r.leaders,
    leaderName: r.leaderName,
    purpose: r.purpose,
    exemptionKind: r.exemptionKind,
    hasDocument: r.documentType !== null,
    state: r.state,
    price: r.price,
    exemptions: r.exemptions === null ? [] : json<string[]>(r.exemptions),
    declineReason: r.declineReason,
    dueAt: r.dueAt ? r.dueAt.toISOString() : null,
    paymentMethod: r.paymentMethod,
    orderId: r.orderId,
    transferAmount: r.transferAmount,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export type GroupRequestView = ReturnType<typeof presentGroupRequest>;
