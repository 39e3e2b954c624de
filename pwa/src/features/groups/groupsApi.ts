// Group visits (issue 31): the visitor's request and requests, the office's list, decisions, transfer and gate
// admissions. Documents and invoices are plain links (PDF downloads).
import type { Envelope } from '../../../../common/dto/api';
import type { GroupRequest, GroupState } from '../../../../common/dto/group';
import type { ItemDetail } from '../../../../common/dto/item';
import { api } from '../../lib/api';

export type { GroupRequest, GroupState } from '../../../../common/dto/group';

export interface GroupSettings {
  minSize: number;
  maxSize: number;
  exemptionKinds: string[];
  bankAccount: string;
  paymentDays: number;
}

export interface Arrivals {
  partySize: number;
  admitted: number;
  arrived: number;
  left: number;
}

export const groupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The item a group asks for: its name and time slots (one is chosen when it sells by slot). */
    groupItem: build.query<Envelope<ItemDetail>, number>({
      query: (itemId) => `/items/${itemId}`,
    }),
    groupSettings: build.query<Envelope<GroupSettings>, number>({
      query: (parkId) => `/parks/${parkId}/group-settings`,
    }),
    submitGroupRequest: build.mutation<Envelope<{ id: number }>, FormData>({
      query: (body) => ({ url: '/groups/requests', method: 'POST', body }),
    }),
    myGroupRequests: build.query<Envelope<GroupRequest[]>, void>({
      query: () => '/me/group-requests',
    }),
    myGroupRequest: build.query<Envelope<GroupRequest>, number>({
      query: (id) => `/me/group-requests/${id}`,
    }),
    myGroupTickets: build.query<Envelope<{ ticketNumber: string; entered: boolean }[]>, number>({
      query: (id) => `/me/group-requests/${id}/tickets`,
    }),
    officeGroupSettings: build.query<Envelope<GroupSettings>, number>({
      query: (parkId) => `/staff/parks/${parkId}/group-settings`,
    }),
    saveGroupSettings: build.mutation<Envelope<GroupSettings>, { parkId: number; settings: GroupSettings }>({
      query: ({ parkId, settings }) => ({
        url: `/staff/parks/${parkId}/group-settings`,
        method: 'PUT',
        body: settings,
      }),
    }),
    officeGroupRequests: build.query<Envelope<GroupRequest[]>, { parkId: number; state?: GroupState }>({
      query: ({ parkId, state }) => `/staff/parks/${parkId}/group-requests${state ? `?state=${state}` : ''}`,
    }),
    officeGroupRequest: build.query<Envelope<GroupRequest>, { parkId: number; id: number }>({
      query: ({ parkId, id }) => `/staff/parks/${parkId}/group-requests/${id}`,
    }),
    groupArrivals: build.query<Envelope<Arrivals>, { parkId: number; id: number }>({
      query: ({ parkId, id }) => `/staff/parks/${parkId}/group-requests/${id}/arrivals`,
    }),
    groupAction: build.mutation<
      Envelope<unknown> | null,
      { parkId: number; id: number; action: 'approve' | 'decline' | 'transfer' | 'admissions'; body: object }
    >({
      query: ({ parkId, id, action, body }) => ({
        url: `/staff/parks/${parkId}/group-requests/${id}/${action}`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useGroupSettingsQuery,
  useGroupItemQuery,
  useSubmitGroupRequestMutation,
  useMyGroupRequestsQuery,
  useMyGroupRequestQuery,
  useMyGroupTicketsQuery,
  useOfficeGroupSettingsQuery,
  useSaveGroupSettingsMutation,
  useOfficeGroupRequestsQuery,
  useOfficeGroupRequestQuery,
  useGroupArrivalsQuery,
  useGroupActionMutation,
} = groupsApi;

/** The server's localised message of a failed call, if it sent one. */
export function messageOf(error: unknown): string | null {
  const data = (error as { data?: { meta?: { message?: string } } } | undefined)?.data;
  return data?.meta?.message ?? null;
}
