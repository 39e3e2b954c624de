/** GET /api/v1/me: the profile, with the spec's field names. */
export interface Profile {
  id: number;
  name: string;
  email: string | null;
  telephone: string | null;
  /** Zero or below means unset. */
  prefecture_id: number;
  birthdate: string | null;
  /** 0 ja, 1 en. */
  language: number;
  gender: number;
  icon_url: string | null;
  /** 1 marks a child (kids) account. */
  child_flag: number;
  parent_id: number | null;
  notifications_enabled: boolean;
  has_password: boolean;
  /** 1 when a disability ID (Mirairo ID) is linked: disability prices apply. */
  mirairo_flag: number;
  /** The parent's id while a parent acts as this kid. */
  acting_parent_id: number | null;
  social_providers: string[];
  /** Park staff roles (the staff area /staff shows for any). */
  staff_roles: { park_id: number; role: string }[];
}

/** GET api/v1/me/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** Parks the account works for whose owner requires two-factor sign-in. */
  requiredByParks: number[];
}

/** POST api/v1/me/two-factor/setup: shown once; the PWA draws the URI as a QR code. */
export interface TwoFactorSetup {
  otpauthUri: string;
  /** The same secret in base32, for typing into the app. */
  secret: string;
}

export interface ChildAccount {
  id: number;
  name: string;
  birthdate: string | null;
  icon_url: string | null;
  child_flag: 1;
}

export interface ParentAccount {
  id: number;
  name: string;
  icon_url: string | null;
}
