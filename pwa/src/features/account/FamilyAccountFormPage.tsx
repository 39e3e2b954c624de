import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ChildAccount } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { showToast } from '../../lib/toast';
import { useLocale } from '../../lib/useLocale';
import { useCreateChildMutation, useGetChildQuery, useUpdateChildMutation } from './accountApi';
import { LiveMessage, ProfileGate, SubmitButton, TextField } from './components';
import { isValidBirthdate } from './helpers';

const LIST = '/me/settings/family-account';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function ChildForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
}: {
  initial?: ChildAccount;
  busy: boolean;
  submitLabel: string;
  onSubmit(values: { name: string; birthdate: string }): Promise<string | null>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [name, setName] = useState(initial?.name ?? '');
  const [birthdate, setBirthdate] = useState(initial?.birthdate ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const errors = {
    name: !name.trim() ? message('required', locale, { field: t('account.family.userName') }) : undefined,
    birthdate: !birthdate
      ? message('required', locale, { field: t('account.fields.birthdate') })
      : isValidBirthdate(birthdate)
        ? undefined
        : message('invalidParam', locale, { field: t('account.fields.birthdate') }),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.name || errors.birthdate) return;
    setServerError(await onSubmit({ name: name.trim(), birthdate }));
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="child-form">
      <TextField
        label={t('account.family.userName')}
        name="name"
        type="text"
        autoComplete="off"
        maxLength={50}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={touched ? errors.name : undefined}
        required
      />
      <TextField
        label={t('account.fields.birthdate')}
        name="birthdate"
        type="date"
        min="1900-01-01"
        max={todayIso()}
        value={birthdate}
        onChange={(e) => setBirthdate(e.target.value)}
        error={touched ? errors.birthdate : undefined}
        required
      />
      <LiveMessage text={serverError} />
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
}

function FormPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="account-page stack">
      <h1 className="page-title">{title}</h1>
      <section className="panel">{children}</section>
      <p className="account-links">
        <Link to={LIST}>{t('account.family.backToList')}</Link>
      </p>
    </div>
  );
}

/** /me/settings/family-account/create: a kids account with a user name and date of birth. */
export default function CreateFamilyAccountPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [createChild, { isLoading }] = useCreateChildMutation();
  return (
    <FormPage title={t('account.family.createTitle')}>
      <ProfileGate>
        {(profile) =>
          profile.child_flag === 1 ? (
            <p className="notice">{message('childRestricted', locale)}</p>
          ) : !profile.has_password ? (
            <div className="notice" data-testid="kid-needs-password">
              <p>{message('kidNeedsPassword', locale)}</p>
              <Link to="/me/settings/password">{t('account.settings.links.setPassword')}</Link>
            </div>
          ) : (
            <>
              <p className="muted">{t('account.family.createLead')}</p>
              <ChildForm
                busy={isLoading}
                submitLabel={t('account.family.createSubmit')}
                onSubmit={async (values) => {
                  try {
                    const res = await createChild(values).unwrap();
                    showToast({ text: res.meta.message ?? message('accountUpdated', locale), kind: 'success' });
                    navigate(LIST);
                    return null;
                  } catch (err) {
                    return errorText(err, locale);
                  }
                }}
              />
            </>
          )
        }
      </ProfileGate>
    </FormPage>
  );
}

function EditChild({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { data, isLoading, error } = useGetChildQuery(id);
  const [updateChild, updateState] = useUpdateChildMutation();
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() =>
        data && (
          <ChildForm
            key={data.data.id}
            initial={data.data}
            busy={updateState.isLoading}
            submitLabel={t('account.common.save')}
            onSubmit={async (values) => {
              try {
                const res = await updateChild({ id, ...values }).unwrap();
                showToast({ text: res.meta.message ?? message('accountUpdated', locale), kind: 'success' });
                navigate(LIST);
                return null;
              } catch (err) {
                return errorText(err, locale);
              }
            }}
          />
        )
      }
    </QueryState>
  );
}

/** /me/settings/family-account/edit/:id */
export function EditFamilyAccountPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id < 2_147_483_647;
  if (!valid) return <ErrorPage status={404} />;
  return (
    <FormPage title={t('account.family.editTitle')}>
      <ProfileGate>{() => <EditChild id={id} />}</ProfileGate>
    </FormPage>
  );
}
