// Changing the language (spec section 4): signed in, the profile is updated with its current name, e-mail,
// telephone, prefecture and birthdate and the new language, then the UI switches. The header's switch and the
// settings page both come here.
import type { Envelope } from '../../../common/dto/api';
import type { Profile } from '../../../common/dto/user';
import { type Locale, localeToLanguage } from '../../../common/enums';
import { api } from './api';
import { setLocale } from './i18n';
import type { ApiDispatch } from './prefetch';
import { refreshProfile } from './sessionService';

const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveProfileLanguage: build.mutation<Envelope<Profile>, { profile: Profile; locale: Locale }>({
      query: ({ profile, locale }) => ({
        url: '/me',
        method: 'PUT',
        body: {
          name: profile.name,
          email: profile.email,
          telephone: profile.telephone,
          prefecture_id: profile.prefecture_id,
          birthdate: profile.birthdate,
          language: localeToLanguage(locale),
        },
      }),
    }),
  }),
});

/** Switches the language; with a profile, saves it there first (a failure leaves the language as it was). */
export async function changeLanguage(next: Locale, deps: { profile: Profile | null; dispatch: ApiDispatch }) {
  if (deps.profile) {
    await deps
      .dispatch(languageApi.endpoints.saveProfileLanguage.initiate({ profile: deps.profile, locale: next }))
      .unwrap();
  }
  await setLocale(next);
  // Catalogue answers are per language: drop the cache so every query refetches in the new one.
  deps.dispatch(api.util.resetApiState());
  if (deps.profile) await refreshProfile();
}
