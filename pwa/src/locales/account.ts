// UI strings of the account pages (sign-in, registration, profile, settings, family), ja and en.
export const accountJa = {};
export const accountEn: typeof accountJa = {};
