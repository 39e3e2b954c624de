// A group visit request as its requester and the park's staff see it (server/features/groups/present.ts).
export type GroupState = 'requested' | 'approved' | 'declined' | 'paid' | 'released';

export interface GroupRequest {
  id: number;
  parkId: number;
  itemId: number;
  itemName: string;
  date: string;
  timeSlotId: number | null;
  organisation: string;
  kind: string;
  partySize: number;
  ageMix: Record<string, number>;
  leaders: number;
  leaderName: string;
  purpose: string;
  exemptionKind: string | null;
  hasDocument: boolean;
  state: GroupState;
  price: number | null;
  exemptions: string[];
  declineReason: string | null;
  dueAt: string | null;
  paymentMethod: string | null;
  orderId: number | null;
  transferAmount: number | null;
  paidAt: string | null;
  createdAt: string;
}
