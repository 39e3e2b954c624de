// The staff area (/staff): park staff roles, the gate scanner's offline data and the review of flagged acts.
// Answers are camelCase like the rest of the API; the PWA keeps them in IndexedDB as they come.
import type { StoryMediaDto } from './story';
import type { ActFlag, TicketState } from './wallet';

/** Roles of park staff (table park_staff): scanner runs the gate; the back office adds the others. */
export const STAFF_ROLES = ['owner', 'editor', 'scanner', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a route asks for: a role at the park, or 'any' role there. The owner may do everything (members, stories,
 * catalogue, map, gate, orders); editor: stories, catalogue, map; scanner: the gate; finance: orders, refunds,
 * reports.
 */
export type StaffNeed = StaffRole | 'any';

/** The roles that satisfy a need: the role itself and owner (every role for 'any'). */
export function rolesAllowed(need: StaffNeed): StaffRole[] {
  if (need === 'any') return [...STAFF_ROLES];
  return need === 'owner' ? ['owner'] : [need, 'owner'];
}

/** GET api/v1/staff/parks/{parkId}/members: a member with their roles at the park. */
export interface StaffMember {
  userId: number;
  name: string;
  email: string | null;
  roles: StaffRole[];
  /** Uses two-factor sign-in (TOTP). */
  twoFactor: boolean;
}

/** A pending invitation (not accepted, not expired). */
export interface StaffInvitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string | null;
  expiresAt: string;
  createdAt: string;
}

/** GET api/v1/staff/parks/{parkId}/members. */
export interface StaffMembers {
  /** The owner requires two-factor sign-in of every member. */
  requireTotp: boolean;
  members: StaffMember[];
  invitations: StaffInvitation[];
}

/** What the audit trail records changes of (server/lib/staffAudit.ts). */
export const STAFF_AUDIT_ENTITIES = [
  'member',
  'invitation',
  'story',
  'stock',
  'order',
  'item',
  'park',
  'map',
  'media',
  'pass_product',
  'pass_holder',
  'pass_photo',
  'bank_transfer',
] as const;
export type StaffAuditEntity = (typeof STAFF_AUDIT_ENTITIES)[number];

/** GET api/v1/staff/office: the member's parks, their roles and two-factor sign-in rule. */
export interface OfficeOverview {
  /** The member has turned two-factor sign-in on. */
  twoFactor: boolean;
  parks: { parkId: number; name: string; roles: StaffRole[]; requireTotp: boolean }[];
}

/** GET api/v1/staff/parks/{parkId}/audit: one change by staff. */
export interface StaffAuditEntry {
  id: string;
  at: string;
  actor: { userId: number; name: string } | null;
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
}

/** GET api/v1/staff/parks: the parks the caller may scan for, with today's counts (Asia/Tokyo). */
export interface StaffPark {
  id: number;
  name: string;
  roles: StaffRole[];
  today: {
    date: string;
    /** Tickets for today, not cancelled. */
    tickets: number;
    /** Of those, used. */
    admitted: number;
    /** Flagged acts not reviewed yet (any day). */
    toReview: number;
    /** Inside the park now, and per hour of today. */
    occupancy: Occupancy;
  };
  /** A timed ticket enters from this many minutes before its slot's start to this many after (the park's setting). */
  slotWindow: { beforeMinutes: number; afterMinutes: number };
  /** The park's items (a gate may be set to admit only some of them). */
  items: { id: number; name: string }[];
  /** Parks whose annual passes this park's gates admit (partners: their keys and revocations are synced too). */
  passPartnerParkIds: number[];
}

/** A park's occupancy on a day (Asia/Tokyo): entries minus exits, now and at the end of each hour with acts. */
export interface Occupancy {
  date: string;
  /** Inside now (entries - exits). */
  inside: number;
  entries: number;
  exits: number;
  /** Hours (0-23, Tokyo) with entries or exits, and how many were inside at the hour's end. */
  hours: { hour: number; entries: number; exits: number; inside: number }[];
}

/** Who or what used a ticket: the act that marked it. */
export interface UsedBy {
  source: 'button' | 'url' | 'scan';
  at: string;
  deviceId: string | null;
  gateName: string | null;
}

/** One ticket of a park's day, as a gate device keeps it offline (so it knows what other gates admitted). */
export interface DayTicket {
  id: string;
  ticketNumber: string;
  /** The live token's id, if one was issued. */
  jti: string | null;
  state: TicketState;
  usedAt: string | null;
  usedBy: UsedBy | null;
  itemName: string;
  unitKind: string;
  ageGroupName: string | null;
  time: string | null;
  needsCertificate: boolean;
  itemId: number;
  /** The holder is inside the park (entered and not out since), as the acts the server has say. */
  inside: boolean;
  /** Entries counted so far, and how many the item allows (1: no re-entry; null: no limit that day). */
  entries: number;
  maxEntries: number | null;
  /**
   * A pass holder's visit of the day (unit_kind 'pass_visit'): the term ticket its member card's token names, and the
   * holder; null for tickets. Always sent; optional so fixtures of other tickets need not name them.
   */
  passTicketId?: string | null;
  passHolderId?: number | null;
}

/**
 * GET api/v1/staff/parks/{parkId}/tickets?date=&cursor=&limit=: a page of the day's tickets changed since the cursor
 * (no cursor: the whole day). A ticket comes with all it is now: apply each over what the device has.
 */
export interface DayTicketsPage {
  parkId: number;
  date: string;
  tickets: DayTicket[];
  /** Ask again with cursor=next while more; keep it for the next sync (opaque). */
  next: string;
  more: boolean;
  asOf: string;
}

export interface ActView {
  scanId: string;
  source: 'button' | 'url' | 'scan';
  /** An entry (or a button/URL use), or an exit scan. */
  direction: 'in' | 'out';
  actedAt: string;
  receivedAt: string;
  deviceId: string | null;
  gateName: string | null;
  staffName: string | null;
  flag: ActFlag | null;
  /** This act is the one that marked the ticket. */
  accepted: boolean;
}

/** GET api/v1/staff/parks/{parkId}/scans: flagged acts with the ticket's accepted act beside them. */
export interface FlaggedAct {
  act: ActView;
  /** The act that marked the ticket (null when none did: a revoked token, a cancelled ticket). */
  accepted: ActView | null;
  ticket: { id: string; ticketNumber: string; itemName: string; useDate: string; state: TicketState };
  reviewedAt: string | null;
  reviewedBy: string | null;
}

/** A story's state for its staff: scheduled is published with a publication time still to come. */
export const STORY_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/** GET api/v1/staff/parks/{parkId}/stories(/{storyId}): a story as its park's editors see it (both languages). */
/** A story's photo or movie as its editors see it. */
export type StaffStoryMedia = StoryMediaDto & { altJa: string; altEn: string | null; sort: number };

export interface StaffStory {
  id: number;
  parkId: number;
  status: StoryStatus;
  titleJa: string;
  titleEn: string | null;
  bodyJa: string;
  bodyEn: string | null;
  parkUserId: number;
  parkLivingThingId: number | null;
  /** The park's animals the story links to, in order (the first is parkLivingThingId). */
  parkLivingThingIds: number[];
  /** Photos and movies with both languages' alt text. */
  media: StaffStoryMedia[];
  imageUrl: string;
  /** Where staff of the park preview it (any status): /private/story/:linkId. */
  previewPath: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
