// The inbox and notification settings (server/features/notifications): shared by the notification page, the tab
// bar's unread count and the app shell (a push while the app is open refreshes them).
import type { Envelope, PageMeta } from '../../../common/dto/api';
import type { InboxNotification, NotificationKind } from '../../../common/notifications';
import { api } from './api';

export interface InboxPage {
  data: InboxNotification[];
  meta: PageMeta & { unread: number };
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    inbox: build.query<InboxPage, { page?: number; per_page?: number } | undefined>({
      query: (params) => ({ url: '/me/notifications', params: params ?? {} }),
      providesTags: ['Notification'],
    }),
    markRead: build.mutation<Envelope<{ unread: number }>, { ids: number[] } | { all: true }>({
      query: (body) => ({ url: '/me/notifications/read', method: 'PUT', body }),
      invalidatesTags: ['Notification'],
    }),
    notificationSettings: build.query<Envelope<{ enabled: boolean; kinds: Record<NotificationKind, boolean> }>, void>({
      query: () => '/me/notification-settings',
      providesTags: ['Notification'],
    }),
    setNotificationKinds: build.mutation<Envelope<unknown>, Partial<Record<NotificationKind, boolean>>>({
      query: (kinds) => ({ url: '/me/notification-settings', method: 'PUT', body: { kinds } }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useInboxQuery, useMarkReadMutation, useNotificationSettingsQuery, useSetNotificationKindsMutation } =
  notificationsApi;
