// The small form of the final confirmation: paying needs a date of birth, a phone number and a prefecture of
// residence (spec section 5); a profile without them fills them in here (PUT /api/v1/me) before paying.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { PREFECTURES, REGIONS } from '../../../../common/reference';
import { errorText } from '../../lib/apiErrors';
import { refreshProfile } from '../../lib/sessionService';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useUpdatePaymentProfileMutation } from './checkoutApi';
import { Alert } from './components';

const TELEPHONE = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;

/** A real calendar date (YYYY-MM-DD) from 1900 up to today. */
export function isValidBirthdate(value: string, today: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900) return false;
  return date.getTime() <= today.getTime();
}

export const profileComplete = (p: Profile | null | undefined) =>
  !!p && !!p.birthdate && !!p.telephone?.trim() && p.prefecture_id > 0;

export function PaymentProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const en = i18n.language === 'en';
  const [update, { isLoading }] = useUpdatePaymentProfileMutation();
  const [telephone, setTelephone] = useState(profile.telephone ?? '');
  const [birthdate, setBirthdate] = useState(profile.birthdate ?? '');
  const [prefectureId, setPrefectureId] = useState(Math.max(profile.prefecture_id, 0));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = {
    telephone: !telephone.trim()
      ? message('required', locale, { field: t('checkout.profile.telephone') })
      : TELEPHONE.test(telephone.trim())
        ? undefined
        : message('invalidParam', locale, { field: t('checkout.profile.telephone') }),
    birthdate: !birthdate
      ? message('required', locale, { field: t('checkout.profile.birthdate') })
      : isValidBirthdate(birthdate)
        ? undefined
        : message('invalidParam', locale, { field: t('checkout.profile.birthdate') }),
    prefecture: prefectureId > 0 ? undefined : message('required', locale, { field: t('checkout.profile.prefecture') }),
  };
  const shown = (k: keyof typeof errors) => (touched ? errors[k] : undefined);
  const regions = REGIONS.filter((r) => PREFECTURES.some((p) => p.regionId === r.id));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    setServerError(null);
    try {
      const res = await update({
        name: profile.name,
        email: profile.email,
        telephone: telephone.trim(),
        prefecture_id: prefectureId,
        birthdate,
        language: profile.language,
        gender: profile.gender,
      }).unwrap();
      showToast({ text: res.meta.message ?? message('accountUpdated', locale), kind: 'success' });
      await refreshProfile();
    } catch (err) {
      setServerError(errorText(err, locale));
    }
  };

  const field = (key: keyof typeof errors) => ({
    'aria-invalid': shown(key) ? true : undefined,
    'aria-describedby': shown(key) ? `${id}-${key}-error` : undefined,
  });
  const errorLine = (key: keyof typeof errors) =>
    shown(key) && (
      <p id={`${id}-${key}-error`} className="field-error">
        {shown(key)}
      </p>
    );

  return (
    <form className="panel stack" onSubmit={(e) => void submit(e)} noValidate data-testid="payment-profile-form">
      <h2>{t('checkout.profile.title')}</h2>
      <p className="muted">{message('profileRequiredForPayment', locale)}</p>
      <div className="field">
        <label htmlFor={`${id}-birthdate`}>{t('checkout.profile.birthdate')}</label>
        <input
          id={`${id}-birthdate`}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          value={birthdate}
          onChange={(e) => setBirthdate(e.target.value)}
          {...field('birthdate')}
        />
        {errorLine('birthdate')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-telephone`}>{t('checkout.profile.telephone')}</label>
        <input
          id={`${id}-telephone`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={15}
          value={telephone}
          onChange={(e) => setTelephone(e.target.value)}
          {...field('telephone')}
        />
        {errorLine('telephone')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-prefecture`}>{t('checkout.profile.prefecture')}</label>
        <select
          id={`${id}-prefecture`}
          value={prefectureId}
          onChange={(e) => setPrefectureId(Number(e.target.value))}
          {...field('prefecture')}
        >
          <option value={0}>{t('checkout.profile.notSelected')}</option>
          {regions.map((r) => (
            <optgroup key={r.id} label={en ? r.nameEn : r.nameJa}>
              {PREFECTURES.filter((p) => p.regionId === r.id).map((p) => (
                <option key={p.id} value={p.id}>
                  {en ? p.nameEn : p.nameJa}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {errorLine('prefecture')}
      </div>
      <Alert text={serverError} />
      <button type="submit" className="button button--block" disabled={isLoading} data-testid="payment-profile-save">
        {isLoading ? t('checkout.common.sending') : t('checkout.profile.save')}
      </button>
    </form>
  );
}
