import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../../../common/dto/user';
import { Gender } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { PREFECTURES, REGIONS } from '../../../../common/reference';
import { normalizeEmail } from '../../../../common/rules/email';
import { errorText } from '../../lib/apiErrors';
import { refreshProfile } from '../../lib/sessionService';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useUpdateMeMutation } from './accountApi';
import { LiveMessage, ProfileGate, SubmitButton, TextField } from './components';
import { emailError, isValidBirthdate, isValidTelephone } from './helpers';

const GENDERS = [
  { value: Gender.Male, key: 'male' },
  { value: Gender.Female, key: 'female' },
  { value: Gender.Other, key: 'other' },
] as const;

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function AccountInformationForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const en = i18n.language === 'en';
  const isChild = profile.child_flag === 1;
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email ?? '');
  const [telephone, setTelephone] = useState(profile.telephone ?? '');
  const [prefectureId, setPrefectureId] = useState(Math.max(profile.prefecture_id, 0));
  const [birthdate, setBirthdate] = useState(profile.birthdate ?? '');
  const [gender, setGender] = useState(profile.gender);
  const [currentPassword, setCurrentPassword] = useState('');
  // A new address needs the current password (accounts with one); it changes when the mailed link is used.
  const emailChanging = !isChild && normalizeEmail(email) !== (profile.email ?? '') && profile.has_password;
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const errors = {
    name: !name.trim() ? message('required', locale, { field: t('account.fields.name') }) : undefined,
    email: isChild ? undefined : emailError(email, locale, t('account.fields.email')),
    telephone: isValidTelephone(telephone)
      ? undefined
      : message('invalidParam', locale, { field: t('account.fields.telephone') }),
    birthdate:
      birthdate === '' || isValidBirthdate(birthdate)
        ? undefined
        : message('invalidParam', locale, { field: t('account.fields.birthdate') }),
  };
  const shown = (key: keyof typeof errors) => (touched ? errors[key] : undefined);
  const regions = REGIONS.filter((r) => PREFECTURES.some((p) => p.regionId === r.id));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    setServerError(null);
    try {
      const res = await updateMe({
        name: name.trim(),
        email: isChild ? profile.email : normalizeEmail(email),
        telephone: telephone.trim() || null,
        prefecture_id: prefectureId,
        birthdate: birthdate || null,
        language: profile.language,
        gender,
        ...(emailChanging ? { current_password: currentPassword } : {}),
      }).unwrap();
      setCurrentPassword('');
      showToast({ text: res.meta.message ?? message('accountUpdated', locale), kind: 'success' });
      await refreshProfile();
    } catch (err) {
      setServerError(errorText(err, locale));
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="account-information-form">
      <TextField
        label={t('account.fields.name')}
        name="name"
        type="text"
        autoComplete="nickname"
        maxLength={50}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={shown('name')}
        required
      />
      {!isChild && (
        <TextField
          label={t('account.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={shown('email')}
          required
        />
      )}
      {emailChanging && (
        <TextField
          label={t('account.fields.currentPassword')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          hint={t('account.accountInformation.emailChangeHint')}
          required
        />
      )}
      <TextField
        label={t('account.fields.telephone')}
        name="telephone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={15}
        value={telephone}
        onChange={(e) => setTelephone(e.target.value)}
        error={shown('telephone')}
        hint={t('account.fields.telephoneHint')}
      />
      <div className="field">
        <label htmlFor={`${id}-prefecture`}>{t('account.fields.prefecture')}</label>
        <select
          id={`${id}-prefecture`}
          name="prefecture_id"
          value={prefectureId}
          onChange={(e) => setPrefectureId(Number(e.target.value))}
        >
          <option value={0}>{t('account.fields.notSelected')}</option>
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
      </div>
      <TextField
        label={t('account.fields.birthdate')}
        name="birthdate"
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={todayIso()}
        value={birthdate}
        onChange={(e) => setBirthdate(e.target.value)}
        error={shown('birthdate')}
      />
      <fieldset className="field chips">
        <legend>{t('account.fields.gender')}</legend>
        {GENDERS.map((g) => (
          <label key={g.value} className="chip">
            <input
              type="radio"
              name="gender"
              value={g.value}
              checked={gender === g.value}
              onChange={() => setGender(g.value)}
            />
            <span className="chip-text--tall">{t(`account.gender.${g.key}`)}</span>
          </label>
        ))}
      </fieldset>
      <LiveMessage text={serverError} />
      <SubmitButton busy={isLoading}>{t('account.common.save')}</SubmitButton>
    </form>
  );
}

/** /me/settings/account-infomation: name, e-mail (not for kids), telephone, prefecture, birthdate, gender. */
export default function AccountInformationPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page stack">
      <h1 className="page-title">{t('account.accountInformation.title')}</h1>
      <section className="panel">
        <ProfileGate>{(profile) => <AccountInformationForm key={profile.id} profile={profile} />}</ProfileGate>
      </section>
      <p className="account-links">
        <Link to="/me/settings">{t('account.common.backToSettings')}</Link>
      </p>
    </div>
  );
}
