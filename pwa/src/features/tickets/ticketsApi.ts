import type { Envelope, Paged } from '../../../../common/dto/api';
import type { ItemDetail, ItemSearchTab, ItemSummary } from '../../../../common/dto/item';
import type { TicketPackDetail, TicketPackSummary } from '../../../../common/dto/ticketPack';
import { api } from '../../lib/api';
import { itemQuery } from '../../lib/earlyData';

/** Query of GET /items (arrays go bracket-style: dates[]=…). */
export interface ItemSearch {
  tab: ItemSearchTab;
  dates?: string[];
  park_id?: number[];
  category?: number[];
  keyword?: string;
  page?: number;
  per_page?: number;
}

export interface TicketPackSearch {
  park_id?: number[];
  category?: number[];
  keyword?: string;
  page?: number;
  per_page?: number;
}

export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listItems: build.query<Paged<ItemSummary>, ItemSearch>({
      query: (params) => ({ url: '/items', params }),
      providesTags: ['Item'],
    }),
    getItem: build.query<Envelope<ItemDetail>, { id: number; linkId?: string }>({
      query: ({ id, linkId }) => itemQuery(id, linkId),
      providesTags: (_r, _e, { id }) => [{ type: 'Item', id }],
    }),
    getItemByLink: build.query<Envelope<ItemDetail>, string>({
      query: (linkId) => `/private/items/${encodeURIComponent(linkId)}`,
    }),
    listTicketPacks: build.query<Paged<TicketPackSummary>, TicketPackSearch>({
      query: (params) => ({ url: '/ticket-packs', params }),
      providesTags: ['TicketPack'],
    }),
    getTicketPack: build.query<Envelope<TicketPackDetail>, { id: number; linkId?: string }>({
      query: ({ id, linkId }) => ({ url: `/ticket-packs/${id}`, params: linkId ? { link_id: linkId } : undefined }),
      providesTags: (_r, _e, { id }) => [{ type: 'TicketPack', id }],
    }),
    getTicketPackByLink: build.query<Envelope<TicketPackDetail>, string>({
      query: (linkId) => `/private/ticket-packs/${encodeURIComponent(linkId)}`,
    }),
  }),
});

export const {
  useListItemsQuery,
  useGetItemQuery,
  useGetItemByLinkQuery,
  useListTicketPacksQuery,
  useGetTicketPackQuery,
  useGetTicketPackByLinkQuery,
} = ticketsApi;
