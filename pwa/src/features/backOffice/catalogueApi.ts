// Endpoints of the back office's catalogue (server: features/items/staffRoutes.ts, features/parks/staffRoutes.ts).
import type { Envelope } from '../../../../common/dto/api';
import type {
  OfficeItem,
  OfficeItemRow,
  OfficePack,
  OfficePackRow,
  OfficeParkProfile,
} from '../../../../common/dto/catalogueOffice';
import { api } from '../../lib/api';

const ITEMS = { type: 'Staff' as const, id: 'ITEMS' };
const PROFILE = { type: 'Staff' as const, id: 'PROFILE' };
const PACKS = { type: 'Staff' as const, id: 'PACKS' };

/** What the item form sends (snake_case, as the API takes it). */
export interface ItemForm {
  name_ja: string;
  name_en: string;
  description_ja: string;
  description_en: string;
  category: number;
  available_from: string;
  available_until: string;
  max_per_order: number;
  reward_coins: number;
  daily_capacity: number;
  reservation_required: boolean;
  waitlist: boolean;
  reentry: boolean;
  max_entries: number | null;
  prices: { age_group_id: number; price: number }[];
  cancellation_policy: { days_before: number; charge_rate: number }[];
  usage_trigger: number;
  disability_price: number | null;
  advance_info_fields: AdvanceFieldForm[];
  time_slots: { id?: number; start_time: string; end_time: string; capacity: number }[];
  additional_plans: {
    id?: number;
    name_ja: string;
    name_en: string;
    prices: { age_group_id: number; price: number }[];
  }[];
}

export interface AdvanceFieldForm {
  key: string;
  kind: 'text' | 'face_photo' | 'gate_photo';
  label_ja: string;
  label_en: string;
  required: boolean;
}

export type ProfileForm = Record<string, unknown>;

/** What the pack form sends (snake_case). */
export interface PackForm {
  name_ja: string;
  name_en: string;
  description_ja: string;
  price: number;
  min_total: number;
  max_total: number;
  selectable_times: string[];
  application_starts_at: string;
  application_ends_at: string;
  available_from: string;
  available_until: string;
  contents?: { item_id: number; quantity: number }[];
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    officeItems: build.query<OfficeItemRow[], number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/items` }),
      transformResponse: (r: Envelope<OfficeItemRow[]>) => r.data,
      providesTags: [ITEMS],
      keepUnusedDataFor: 0,
    }),
    officeItem: build.query<OfficeItem, { parkId: number; id: number }>({
      query: ({ parkId, id }) => ({ url: `/staff/parks/${parkId}/items/${id}` }),
      transformResponse: (r: Envelope<OfficeItem>) => r.data,
      providesTags: [ITEMS],
      keepUnusedDataFor: 0,
    }),
    createItem: build.mutation<OfficeItem, { parkId: number; form: ItemForm }>({
      query: ({ parkId, form }) => ({ url: `/staff/parks/${parkId}/items`, method: 'POST', body: form }),
      transformResponse: (r: Envelope<OfficeItem>) => r.data,
      invalidatesTags: [ITEMS],
    }),
    updateItem: build.mutation<OfficeItem, { parkId: number; id: number; form: Partial<ItemForm> }>({
      query: ({ parkId, id, form }) => ({ url: `/staff/parks/${parkId}/items/${id}`, method: 'PUT', body: form }),
      transformResponse: (r: Envelope<OfficeItem>) => r.data,
      invalidatesTags: [ITEMS, 'Item'],
    }),
    moveSaleLabel: build.mutation<OfficeItem, { parkId: number; id: number; saleLabel: number }>({
      query: ({ parkId, id, saleLabel }) => ({
        url: `/staff/parks/${parkId}/items/${id}/sale-label`,
        method: 'POST',
        body: { sale_label: saleLabel },
      }),
      transformResponse: (r: Envelope<OfficeItem>) => r.data,
      invalidatesTags: [ITEMS, 'Item'],
    }),
    officePacks: build.query<OfficePackRow[], number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/ticket-packs` }),
      transformResponse: (r: Envelope<OfficePackRow[]>) => r.data,
      providesTags: [PACKS],
      keepUnusedDataFor: 0,
    }),
    movePackSaleLabel: build.mutation<OfficePackRow, { parkId: number; id: number; saleLabel: number }>({
      query: ({ parkId, id, saleLabel }) => ({
        url: `/staff/parks/${parkId}/ticket-packs/${id}/sale-label`,
        method: 'POST',
        body: { sale_label: saleLabel },
      }),
      transformResponse: (r: Envelope<OfficePackRow>) => r.data,
      invalidatesTags: [PACKS, 'TicketPack'],
    }),
    officePack: build.query<OfficePack, { parkId: number; id: number }>({
      query: ({ parkId, id }) => ({ url: `/staff/parks/${parkId}/ticket-packs/${id}` }),
      transformResponse: (r: Envelope<OfficePack>) => r.data,
      providesTags: [PACKS],
      keepUnusedDataFor: 0,
    }),
    savePack: build.mutation<OfficePack, { parkId: number; id: number | null; form: PackForm }>({
      query: ({ parkId, id, form }) => ({
        url: id ? `/staff/parks/${parkId}/ticket-packs/${id}` : `/staff/parks/${parkId}/ticket-packs`,
        method: id ? 'PUT' : 'POST',
        body: form,
      }),
      transformResponse: (r: Envelope<OfficePack>) => r.data,
      invalidatesTags: [PACKS, 'TicketPack'],
    }),
    parkProfile: build.query<OfficeParkProfile, number>({
      query: (parkId) => ({ url: `/staff/parks/${parkId}/profile` }),
      transformResponse: (r: Envelope<OfficeParkProfile>) => r.data,
      providesTags: [PROFILE],
      keepUnusedDataFor: 0,
    }),
    saveParkProfile: build.mutation<OfficeParkProfile, { parkId: number; form: ProfileForm }>({
      query: ({ parkId, form }) => ({ url: `/staff/parks/${parkId}/profile`, method: 'PUT', body: form }),
      transformResponse: (r: Envelope<OfficeParkProfile>) => r.data,
      invalidatesTags: [PROFILE, 'Park'],
    }),
  }),
});

export const {
  useOfficeItemsQuery,
  useOfficeItemQuery,
  useCreateItemMutation,
  useUpdateItemMutation,
  useMoveSaleLabelMutation,
  useParkProfileQuery,
  useOfficePacksQuery,
  useOfficePackQuery,
  useSavePackMutation,
  useMovePackSaleLabelMutation,
  useSaveParkProfileMutation,
} = catalogueApi;
