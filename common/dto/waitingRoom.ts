// The waiting room's answers (issue 30), shared by the server that gives them and the PWA that reads them.

/** GET and POST api/v1/items/{id}/waiting-room: the item's room, or that it sells without one. */
export type QueueStatus = RoomStatus | NoRoom;

/** The item sells without a waiting room (nothing to wait for; the page asks rarely). */
export interface NoRoom {
  itemId: number;
  active: false;
  state: 'none';
  place: null;
  pollAfterSeconds: number;
}

export interface RoomStatus {
  itemId: number;
  active: boolean;
  state: 'prequeue' | 'open';
  opensAt: string;
  seedHash: string;
  paused: boolean;
  /** Null: the caller has no place (or is not identified). */
  place: {
    entryId: string;
    /** Null in the pre-queue: the order is drawn at the opening. */
    position: number | null;
    ahead: number | null;
    estimateSeconds: number | null;
    admitted: boolean;
    used: boolean;
  } | null;
  /** Seconds before the next poll is worth it (also the answer's Retry-After). */
  pollAfterSeconds: number;
}

/** POST api/v1/items/{id}/waiting-room/admission: the single-use token the cart asks for. */
export interface Admission {
  token: string;
  expiresAt: string;
}
