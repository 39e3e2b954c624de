// The owner's moves on a pass from its member card (issue 29, README 2.4, 2.6): the quote and the cancellation go
// through the tickets' cancellation routes with a term ticket (the server takes the whole pass); the reissue of a
// holder's card on this phone.
import type { Envelope } from '../../../../common/dto/api';
import { api } from '../../lib/api';

const passActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reissueHolderCard: build.mutation<Envelope<{ revoked: number }>, { passId: number; holderId: number }>({
      query: ({ passId, holderId }) => ({
        url: `/me/passes/${passId}/holders/${holderId}/reissue`,
        method: 'POST',
        body: {},
      }),
    }),
  }),
});

export const { useReissueHolderCardMutation } = passActionsApi;
