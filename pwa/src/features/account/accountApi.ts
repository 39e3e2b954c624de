// Endpoints of the account pages (server: features/auth and features/me). URLs are relative to /api/v1;
// calls under /auth/ never start the 401 flow (a wrong password is a 401 too).
import type { Envelope, Paged } from '../../../../common/dto/api';
import type { ChildAccount, Profile, TwoFactorSetup, TwoFactorStatus } from '../../../../common/dto/user';
import { api } from '../../lib/api';
import { userLoaded } from '../../lib/session';
import type { SocialIntent, SocialProvider } from './helpers';

/** Login, social login, registration with a provider and account switch answer this at the top level. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** The password (or provider) was right; the account uses two-factor sign-in: answer with a code. */
export interface TwoFactorChallenge {
  two_factor_required: true;
  challenge: string;
  expires_in: number;
}

export const needsSecondFactor = (r: TokenResponse | TwoFactorChallenge): r is TwoFactorChallenge =>
  'two_factor_required' in r;

export interface BotCheckSettings {
  kind: 'turnstile' | 'local';
  site_key: string | null;
  token: string | null;
}

export interface SocialIdentity {
  provider: SocialProvider;
  email: string | null;
  name: string | null;
  registered: boolean;
}

/** PUT /api/v1/me: the spec's fields (and gender). */
export interface ProfileUpdate {
  name: string;
  email: string | null;
  telephone: string | null;
  prefecture_id: number;
  birthdate: string | null;
  language: number;
  gender?: number;
  /** Needed when the e-mail address changes (it changes only once the link mailed to the new address is used). */
  current_password?: string;
}

type Message = Envelope<unknown>;
const CHILDREN = { type: 'Me' as const, id: 'children' };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Envelope<Profile>, void>({
      query: () => '/me',
      providesTags: ['Me'],
      // Keep the session slice in step with the freshest profile.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userLoaded(data.data));
        } catch {
          // errors are shown by the page (and a 401 starts the sign-in flow)
        }
      },
    }),
    botCheck: build.query<Envelope<BotCheckSettings>, void>({
      query: () => '/auth/bot-check',
      keepUnusedDataFor: 0,
    }),
    socialUrl: build.query<Envelope<{ url: string }>, { provider: SocialProvider; intent: SocialIntent }>({
      query: ({ provider, intent }) => ({ url: `/auth/social/${provider}/url`, params: { intent } }),
      keepUnusedDataFor: 0,
    }),
    checkEmailExists: build.mutation<Envelope<{ exists: boolean }>, string>({
      query: (email) => ({ url: '/auth/register/check-email-exists', method: 'POST', body: { email } }),
    }),
    register: build.mutation<
      Envelope<{ email: string }>,
      { email: string; name: string; password: string; password_confirmation: string; bot_token: string }
    >({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    resendVerification: build.mutation<Message, string>({
      query: (email) => ({ url: '/auth/resend/email/verify', method: 'GET', params: { email } }),
    }),
    verifyEmail: build.query<Envelope<{ email: string }>, string>({
      query: (token) => `/email/verify/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),
    login: build.mutation<TokenResponse | TwoFactorChallenge, { email: string; password: string; bot_token: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    loginTwoFactor: build.mutation<TokenResponse, { challenge: string; code?: string; recovery_code?: string }>({
      query: (body) => ({ url: '/auth/login/two-factor', method: 'POST', body }),
    }),
    twoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => '/me/two-factor',
      transformResponse: (r: Envelope<TwoFactorStatus>) => r.data,
      keepUnusedDataFor: 0,
    }),
    setupTwoFactor: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/me/two-factor/setup', method: 'POST' }),
      transformResponse: (r: Envelope<TwoFactorSetup>) => r.data,
    }),
    confirmTwoFactor: build.mutation<{ recoveryCodes: string[] }, string>({
      query: (code) => ({ url: '/me/two-factor/confirm', method: 'POST', body: { code } }),
      transformResponse: (r: Envelope<{ recoveryCodes: string[] }>) => r.data,
    }),
    disableTwoFactor: build.mutation<Message, { code?: string; recovery_code?: string }>({
      query: (body) => ({ url: '/me/two-factor/disable', method: 'POST', body }),
    }),
    socialUser: build.query<Envelope<SocialIdentity>, { provider: SocialProvider; id: string }>({
      query: ({ provider, id }) => ({
        url: `/auth/social/${provider}/user`,
        method: 'POST',
        body: { social_user_id: id },
      }),
      keepUnusedDataFor: 0,
    }),
    loginSocial: build.mutation<TokenResponse | TwoFactorChallenge, { provider: SocialProvider; id: string }>({
      query: ({ provider, id }) => ({
        url: `/auth/login/social/${provider}`,
        method: 'POST',
        body: { social_user_id: id },
      }),
    }),
    registerSocial: build.mutation<
      TokenResponse,
      { provider: SocialProvider; id: string; name: string; email?: string }
    >({
      query: ({ provider, id, name, email }) => ({
        url: `/auth/register/social/${provider}`,
        method: 'POST',
        body: { social_user_id: id, name, ...(email ? { email } : {}) },
      }),
    }),
    forgotPassword: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/password/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<
      Message,
      { email: string; token: string; password: string; password_confirmation: string }
    >({
      query: (body) => ({ url: '/auth/password/reset', method: 'POST', body }),
    }),
    verifyPassword: build.mutation<Envelope<{ valid: boolean }>, string>({
      query: (password) => ({ url: '/auth/password/verify-password', method: 'POST', body: { password } }),
    }),
    linkMirairo: build.mutation<Envelope<{ mirairo_flag: number }>, string>({
      query: (id) => ({ url: '/mirairo/mirairo_flag', method: 'POST', body: { social_user_id: id } }),
    }),
    // Back from a kids account to the parent needs the parent's password.
    switchAccount: build.mutation<TokenResponse, { id: number; password?: string }>({
      query: ({ id, password }) => ({ url: `/auth/switch/${id}`, method: 'POST', body: password ? { password } : {} }),
    }),
    updateMe: build.mutation<Envelope<Profile>, ProfileUpdate>({
      query: (body) => ({ url: '/me', method: 'PUT', body }),
    }),
    // The server checks the password itself (accounts without one: a recent sign-in).
    deleteMe: build.mutation<Message, { password?: string }>({
      query: (body) => ({ url: '/me', method: 'DELETE', body }),
    }),
    changePassword: build.mutation<
      Message,
      { current_password?: string; password: string; password_confirmation: string }
    >({
      query: (body) => ({ url: '/me/reset-password', method: 'PUT', body }),
    }),
    setNotifications: build.mutation<Envelope<{ notifications_enabled: boolean }>, boolean>({
      query: (enabled) => ({ url: '/me/notification', method: 'PUT', body: { enabled } }),
    }),
    listChildren: build.query<Paged<ChildAccount>, void>({
      query: () => ({ url: '/me/childs', params: { per_page: 100 } }),
      providesTags: [CHILDREN],
    }),
    getChild: build.query<Envelope<ChildAccount>, number>({
      query: (id) => `/me/childs/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Me', id: `child-${id}` }],
    }),
    createChild: build.mutation<Envelope<ChildAccount>, { name: string; birthdate: string }>({
      query: (body) => ({ url: '/me/childs', method: 'POST', body }),
      invalidatesTags: [CHILDREN],
    }),
    updateChild: build.mutation<Envelope<ChildAccount>, { id: number; name: string; birthdate: string }>({
      query: ({ id, ...body }) => ({ url: `/me/childs/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [CHILDREN, { type: 'Me', id: `child-${id}` }],
    }),
  }),
});

export const {
  useLazyGetMeQuery,
  useBotCheckQuery,
  useLazySocialUrlQuery,
  useCheckEmailExistsMutation,
  useRegisterMutation,
  useResendVerificationMutation,
  useVerifyEmailQuery,
  useLoginMutation,
  useLoginTwoFactorMutation,
  useTwoFactorStatusQuery,
  useSetupTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useSocialUserQuery,
  useLoginSocialMutation,
  useRegisterSocialMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useVerifyPasswordMutation,
  useLinkMirairoMutation,
  useSwitchAccountMutation,
  useUpdateMeMutation,
  useDeleteMeMutation,
  useChangePasswordMutation,
  useSetNotificationsMutation,
  useListChildrenQuery,
  useGetChildQuery,
  useCreateChildMutation,
  useUpdateChildMutation,
} = accountApi;
