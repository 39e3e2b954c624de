// The group request state machine (issue 31): requested -> approved (places held) or declined; approved -> paid
// (the transfer recorded, tickets issued) or released (unpaid at the due date: places given back). An illegal
// move is refused (the domain error groupRequestState, 409).
export const GROUP_REQUEST_STATES = ['requested', 'approved', 'declined', 'paid', 'released'] as const;
export type GroupRequestState = (typeof GROUP_REQUEST_STATES)[number];

const MOVES: Record<GroupRequestState, readonly GroupRequestState[]> = {
  requested: ['approved', 'declined'],
  approved: ['paid', 'released'],
  declined: [],
  paid: [],
  released: [],
};

export const canMoveGroupRequest = (from: GroupRequestState, to: GroupRequestState): boolean =>
  MOVES[from].includes(to);

export const GROUP_KINDS = ['school', 'company', 'tour', 'welfare', 'other'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/** Age bands of a group's mix (SPEC: infants, primary, middle, high school, adult, senior). */
export const GROUP_AGE_BANDS = ['infants', 'primary', 'middle', 'high', 'adult', 'senior'] as const;
export type GroupAgeBand = (typeof GROUP_AGE_BANDS)[number];
export type GroupAgeMix = Partial<Record<GroupAgeBand, number>>;

export const GROUP_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The ticket prices of a group: `total` yen over `size` people, the remainder a yen each on the first ones. */
export function splitGroupPrice(total: number, size: number): { quantity: number; unitPrice: number }[] {
  const base = Math.floor(total / size);
  const extra = total - base * size;
  return [
    { quantity: extra, unitPrice: base + 1 },
    { quantity: size - extra, unitPrice: base },
  ].filter((u) => u.quantity > 0);
}
