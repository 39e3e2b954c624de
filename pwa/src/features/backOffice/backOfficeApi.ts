// Endpoints of the back office (server: features/staff members and audit, features/stories staffRoutes).

import type { Envelope } from '../../../../common/dto/api';
import type { PassCapacityRequest } from '../../../../common/dto/pass';
import type {
  OfficeOverview,
  StaffAuditEntity,
  StaffAuditEntry,
  StaffInvitation,
  StaffMembers,
  StaffRole,
  StaffStory,
  StaffStoryMedia,
} from '../../../../common/dto/staff';
import { api } from '../../lib/api';

const STORIES = { type: 'Staff' as const, id: 'STORIES' };
const MEMBERS = { type: 'Staff' as const, id: 'MEMBERS' };
const STOCK = { type: 'Staff' as const, id: 'STOCK' };

/** GET api/v1/staff/parks/{parkId}/items: the park's items for the stock page. */
export interface StockItem {
  id: number;
  name: string;
  category: number;
  saleLabel: number;
  timeSlots: number;
}

/** GET api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}: the day, or one row per time slot. */
export interface StockRow {
  timeSlotId: number | null;
  startTime: string | null;
  endTime: string | null;
  capacity: number;
  sold: number;
  held: number;
  remaining: number;
  /** Slots: places set aside for pass holders on new dates; null for a day without slots. */
  passCapacity: number | null;
  /** Slots: the pass holders' pool on this date. */
  pass: { capacity: number; sold: number; held: number; remaining: number } | null;
}

export interface StoryFields {
  title_ja: string;
  title_en: string;
  body_ja: string;
  body_en: string;
  /** The park's animals the story links to, in order. */
  park_living_thing_ids?: number[];
}

export interface AltFields {
  alt_ja: string;
  alt_en: string;
}

/** A park animal to link a story to (the public list of the park's animals). */
export interface ParkAnimalOption {
  id: number;
  nickname: string;
  imageUrl: string;
  livingThing: { id: number; name: string };
}

const story = (parkId: number, id: number) => `/staff/parks/${parkId}/stories/${id}`;
const form = (fields: Record<string, Blob | string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

export const backOfficeApi = api.injectEndpoints({
  endpoints: (build) => ({
    officeOverview: build.query<OfficeOverview, void>({
      query: () => ({ url: '/staff/office' }),
      transformResponse: (r: Envelope<OfficeOverview>) => r.data,
      keepUnusedDataFor: 0,
    }),
    audit: build.query<
      { entries: StaffAuditEntry[]; next: string | null },
      { parkId: number; actor?: number; entity?: StaffAuditEntity; date?: string; before?: string }
    >({
      query: ({ parkId, ...filters }) => ({
        url: `/staff/parks/${parkId}/audit`,
        params: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')),
      }),
      transformResponse: (r: Envelope<StaffAuditEntry[]> & { meta: { next?: string | null } }) => ({
        entries: r.data,
        next: r.meta.next ?? null,
      }),
      keepUnusedDataFor: 0,
    }),
    changeRoles: build.mutation<
      { userId: number; roles: StaffRole[] },
      { parkId: number; userId: number; roles: StaffRole[] }
    >({
      query: ({ parkId, userId, roles }) => ({
        url: `/staff/parks/${parkId}/members/${userId}`,
        method: 'PUT',
        body: { roles },
      }),
      invalidatesTags: [MEMBERS],
    }),
    parkStories: build.query<StaffStory[], number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/stories` }),
      transformResponse: (r: Envelope<StaffStory[]>) => r.data,
      providesTags: [STORIES],
      keepUnusedDataFor: 0,
    }),
    createStory: build.mutation<StaffStory, { parkId: number; fields: StoryFields }>({
      query: ({ parkId, fields }) => ({ url: `/staff/parks/${parkId}/stories`, method: 'POST', body: fields }),
      transformResponse: (r: Envelope<StaffStory>) => r.data,
      invalidatesTags: [STORIES],
    }),
    updateStory: build.mutation<StaffStory, { parkId: number; id: number; fields: StoryFields }>({
      query: ({ parkId, id, fields }) => ({ url: `/staff/parks/${parkId}/stories/${id}`, method: 'PUT', body: fields }),
      transformResponse: (r: Envelope<StaffStory>) => r.data,
      invalidatesTags: [STORIES],
    }),
    publishStory: build.mutation<StaffStory, { parkId: number; id: number; publishAt: string | null }>({
      query: ({ parkId, id, publishAt }) => ({
        url: `/staff/parks/${parkId}/stories/${id}/publish`,
        method: 'POST',
        body: { publish_at: publishAt },
      }),
      transformResponse: (r: Envelope<StaffStory>) => r.data,
      invalidatesTags: [STORIES, 'Story'],
    }),
    unpublishStory: build.mutation<StaffStory, { parkId: number; id: number }>({
      query: ({ parkId, id }) => ({ url: `/staff/parks/${parkId}/stories/${id}/unpublish`, method: 'POST' }),
      transformResponse: (r: Envelope<StaffStory>) => r.data,
      invalidatesTags: [STORIES, 'Story'],
    }),
    addPhoto: build.mutation<StaffStoryMedia, { parkId: number; id: number; photo: Blob } & AltFields>({
      query: ({ parkId, id, photo, alt_ja, alt_en }) => ({
        url: `${story(parkId, id)}/photos`,
        method: 'POST',
        body: form({ photo, alt_ja, alt_en }),
      }),
      transformResponse: (r: Envelope<StaffStoryMedia>) => r.data,
      invalidatesTags: [STORIES],
    }),
    addMovie: build.mutation<StaffStoryMedia, { parkId: number; id: number; movie: Blob; poster: Blob } & AltFields>({
      query: ({ parkId, id, movie, poster, alt_ja, alt_en }) => ({
        url: `${story(parkId, id)}/movies`,
        method: 'POST',
        body: form({ movie, poster, alt_ja, alt_en }),
      }),
      transformResponse: (r: Envelope<StaffStoryMedia>) => r.data,
      invalidatesTags: [STORIES],
    }),
    updateMedia: build.mutation<StaffStoryMedia, { parkId: number; id: number; mediaId: string } & AltFields>({
      query: ({ parkId, id, mediaId, alt_ja, alt_en }) => ({
        url: `${story(parkId, id)}/media/${mediaId}`,
        method: 'PUT',
        body: { alt_ja, alt_en },
      }),
      transformResponse: (r: Envelope<StaffStoryMedia>) => r.data,
      invalidatesTags: [STORIES],
    }),
    deleteMedia: build.mutation<unknown, { parkId: number; id: number; mediaId: string }>({
      query: ({ parkId, id, mediaId }) => ({ url: `${story(parkId, id)}/media/${mediaId}`, method: 'DELETE' }),
      invalidatesTags: [STORIES],
    }),
    parkAnimals: build.query<ParkAnimalOption[], number>({
      query: (parkId) => ({ url: '/park-living-things', params: { park_id: parkId, per_page: 100 } }),
      transformResponse: (r: Envelope<ParkAnimalOption[]>) => r.data,
    }),
    setParkTwoFactor: build.mutation<{ requireTotp: boolean }, { parkId: number; required: boolean }>({
      query: ({ parkId, required }) => ({
        url: `/staff/parks/${parkId}/two-factor`,
        method: 'PUT',
        body: { required },
      }),
      transformResponse: (r: Envelope<{ requireTotp: boolean }>) => r.data,
      invalidatesTags: [MEMBERS],
    }),
    members: build.query<StaffMembers, number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/members` }),
      transformResponse: (r: Envelope<StaffMembers>) => r.data,
      providesTags: [MEMBERS],
      keepUnusedDataFor: 0,
    }),
    invite: build.mutation<StaffInvitation, { parkId: number; email: string; role: StaffRole }>({
      query: ({ parkId, email, role }) => ({
        url: `/staff/parks/${parkId}/invitations`,
        method: 'POST',
        body: { email, role },
      }),
      transformResponse: (r: Envelope<StaffInvitation>) => r.data,
      invalidatesTags: [MEMBERS],
    }),
    removeMember: build.mutation<unknown, { parkId: number; userId: number }>({
      query: ({ parkId, userId }) => ({ url: `/staff/parks/${parkId}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: [MEMBERS],
    }),
    parkItems: build.query<StockItem[], number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/items` }),
      transformResponse: (r: Envelope<StockItem[]>) => r.data,
    }),
    stockDay: build.query<StockRow[], { parkId: number; itemId: number; date: string }>({
      query: ({ parkId, itemId, date }) => ({ url: `/staff/parks/${parkId}/items/${itemId}/stock/${date}` }),
      transformResponse: (r: Envelope<StockRow[]>) => r.data,
      providesTags: [STOCK],
      keepUnusedDataFor: 0,
    }),
    setCapacity: build.mutation<
      unknown,
      { parkId: number; itemId: number; date: string; timeSlotId: number | null; capacity: number }
    >({
      query: ({ parkId, itemId, date, timeSlotId, capacity }) => ({
        url: `/staff/parks/${parkId}/items/${itemId}/stock/${date}`,
        method: 'PUT',
        body: { capacity, time_slot_id: timeSlotId },
      }),
      invalidatesTags: [STOCK],
    }),
    setPassCapacity: build.mutation<
      unknown,
      { parkId: number; itemId: number; timeSlotId: number } & PassCapacityRequest
    >({
      query: ({ parkId, itemId, timeSlotId, pass_capacity }) => ({
        url: `/staff/parks/${parkId}/items/${itemId}/time-slots/${timeSlotId}/pass-capacity`,
        method: 'PUT',
        body: { pass_capacity },
      }),
      invalidatesTags: [STOCK],
    }),
    acceptInvitation: build.mutation<{ parkId: number; role: StaffRole }, string>({
      query: (token) => ({ url: '/me/staff-invitations', method: 'POST', body: { token } }),
      transformResponse: (r: Envelope<{ parkId: number; role: StaffRole }>) => r.data,
    }),
  }),
});

export const {
  useOfficeOverviewQuery,
  useAuditQuery,
  useChangeRolesMutation,
  useParkStoriesQuery,
  useCreateStoryMutation,
  useUpdateStoryMutation,
  usePublishStoryMutation,
  useUnpublishStoryMutation,
  useMembersQuery,
  useInviteMutation,
  useRemoveMemberMutation,
  useAcceptInvitationMutation,
  useParkItemsQuery,
  useStockDayQuery,
  useSetCapacityMutation,
  useSetPassCapacityMutation,
  useAddPhotoMutation,
  useAddMovieMutation,
  useUpdateMediaMutation,
  useDeleteMediaMutation,
  useParkAnimalsQuery,
  useSetParkTwoFactorMutation,
} = backOfficeApi;

/** The code of a failed call (meta.code): totpRequiredByPark sends the member to the two-factor setting. */
export function errorCode(error: unknown): string | null {
  const data = (error as { data?: { meta?: { code?: string } } } | undefined)?.data;
  return data?.meta?.code ?? null;
}

/** The localised message of a failed call (the server's meta.message), if it sent one. */
export function errorMessage(error: unknown): string | null {
  const data = (error as { data?: { meta?: { message?: string } } } | undefined)?.data;
  return data?.meta?.message ?? null;
}
