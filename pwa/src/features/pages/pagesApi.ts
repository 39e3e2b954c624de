import type { Envelope } from '../../../../common/dto/api';
import type { ContentPage } from '../../../../common/dto/page';
import { api } from '../../lib/api';

export const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContentPage: build.query<Envelope<ContentPage>, string>({
      query: (slug) => `/pages/${encodeURIComponent(slug)}`,
    }),
  }),
});

export const { useGetContentPageQuery } = pagesApi;
