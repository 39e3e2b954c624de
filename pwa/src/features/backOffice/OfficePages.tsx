// The back office (/staff/office...): the parks the member works for with their roles, a park's stories (list,
// editor with ja and en fields, the park's animals, photos and movies, preview link, publish now or schedule,
// unpublish) and its members (owners: invite by e-mail, remove, require two-factor sign-in), and the page an
// invitation link opens. The server checks every call per park and role.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StaffRole, StaffStory } from '../../../../common/dto/staff';
import {
  errorCode,
  errorMessage,
  type StoryFields,
  useAcceptInvitationMutation,
  useChangeRolesMutation,
  useCreateStoryMutation,
  useInviteMutation,
  useMembersQuery,
  useOfficeOverviewQuery,
  useParkStoriesQuery,
  usePublishStoryMutation,
  useRemoveMemberMutation,
  useSetParkTwoFactorMutation,
  useUnpublishStoryMutation,
  useUpdateStoryMutation,
} from './backOfficeApi';
import { AnimalPicker, StoryMediaEditor } from './StoryMediaEditor';
import './backOffice.css';

const ROLES: StaffRole[] = ['owner', 'editor', 'scanner', 'finance'];

/** /staff/office: the member's parks, what they may do at each, and each park's two-factor rule. */
export function OfficeHomePage() {
  const { t } = useTranslation();
  const { data, isLoading } = useOfficeOverviewQuery();
  const parks = data?.parks ?? [];
  return (
    <div className="stack office" data-testid="office-home">
      <h1 className="page-title">{t('backOffice.title')}</h1>
      {!isLoading && parks.length === 0 && <p className="notice">{t('backOffice.noParks')}</p>}
      {data && (
        <p className={data.twoFactor ? 'muted' : 'notice'} data-testid="office-2fa-me">
          {data.twoFactor ? t('backOffice.home2fa.meOn') : t('backOffice.home2fa.meOff')}{' '}
          <Link to="/me/settings/two-factor" data-testid="office-two-factor-link">
            {data.twoFactor ? t('backOffice.twoFactor.settings') : t('backOffice.twoFactor.setUp')}
          </Link>
        </p>
      )}
      <ul className="office-list">
        {parks.map(({ parkId, name, roles: held, requireTotp }) => (
          <li key={parkId} className="panel" data-testid="office-park">
            <h2>{name}</h2>
            <p className="muted">{held.map((r) => t(`backOffice.roles.${r}`)).join(' · ')}</p>
            <p className={requireTotp && !data?.twoFactor ? 'notice' : 'muted'} data-testid="office-park-2fa">
              {requireTotp ? t('backOffice.home2fa.required') : t('backOffice.home2fa.notRequired')}
              {requireTotp && !data?.twoFactor && (
                <>
                  {' '}
                  {t('backOffice.home2fa.meBlocked')}{' '}
                  <Link to="/me/settings/two-factor">{t('backOffice.twoFactor.setUp')}</Link>
                </>
              )}
            </p>
            <div className="office-actions">
              {(held.includes('owner') || held.includes('editor')) && (
                <>
                  <Link className="button" to={`/staff/office/${parkId}/stories`} data-testid="office-stories-link">
                    {t('backOffice.stories')}
                  </Link>
                  <Link className="button" to={`/staff/office/${parkId}/stock`} data-testid="office-stock-link">
                    {t('backOffice.stockLink')}
                  </Link>
                  <Link
                    className="button"
                    to={`/staff/office/${parkId}/waiting-room`}
                    data-testid="office-waiting-room-link"
                  >
                    {t('waitingRoom.office.title')}
                  </Link>
                  <Link className="button" to={`/staff/office/${parkId}/items`} data-testid="office-items-link">
                    {t('catalogueOffice.items')}
                  </Link>
                  <Link className="button" to={`/staff/office/${parkId}/profile`} data-testid="office-profile-link">
                    {t('catalogueOffice.profile')}
                  </Link>
                  <Link className="button" to={`/staff/office/${parkId}/map`} data-testid="office-map-link">
                    {t('mapOffice.link')}
                  </Link>
                </>
              )}
              {/* Every member reads the pass products (the gate and the finance desk answer questions about them). */}
              <Link className="button" to={`/staff/office/${parkId}/passes`} data-testid="office-passes-link">
                {t('passOffice.link')}
              </Link>
              <Link className="button" to={`/staff/office/${parkId}/groups`} data-testid="office-groups-link">
                {t('groups.officeTitle')}
              </Link>
              {held.includes('owner') && (
                <>
                  <Link className="button" to={`/staff/office/${parkId}/members`} data-testid="office-members-link">
                    {t('backOffice.members')}
                  </Link>
                  <Link className="button" to={`/staff/office/${parkId}/audit`} data-testid="office-audit-link">
                    {t('backOffice.audit.link')}
                  </Link>
                </>
              )}
              {(held.includes('owner') || held.includes('finance')) && (
                <>
                  <Link className="button" to={`/staff/office/${parkId}/orders`} data-testid="office-orders-link">
                    {t('backOffice.financeLinks.orders')}
                  </Link>
                  <Link className="button" to={`/staff/office/${parkId}/reports`} data-testid="office-reports-link">
                    {t('backOffice.financeLinks.reports')}
                  </Link>
                  <Link
                    className="button"
                    to={`/staff/office/${parkId}/bank-transfers`}
                    data-testid="office-bank-transfers-link"
                  >
                    {t('konbini.transfers.title')}
                  </Link>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

type TextFields = Omit<StoryFields, 'park_living_thing_ids'>;
const EMPTY: TextFields = { title_ja: '', title_en: '', body_ja: '', body_en: '' };
const fieldsOf = (s: StaffStory): TextFields => ({
  title_ja: s.titleJa,
  title_en: s.titleEn ?? '',
  body_ja: s.bodyJa,
  body_en: s.bodyEn ?? '',
});

function StoryEditor({
  parkId,
  story,
  onSaved,
}: {
  parkId: number;
  story: StaffStory | null;
  onSaved: (s: StaffStory) => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<TextFields>(story ? fieldsOf(story) : EMPTY);
  const [animals, setAnimals] = useState<number[]>(story?.parkLivingThingIds ?? []);
  const [publishAt, setPublishAt] = useState('');
  const [create, created] = useCreateStoryMutation();
  const [update, updated] = useUpdateStoryMutation();
  const [publish, published] = usePublishStoryMutation();
  const [unpublish] = useUnpublishStoryMutation();
  const error = created.error ?? updated.error ?? published.error;
  const set = (k: keyof TextFields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [k]: e.target.value });
  async function save(e: FormEvent) {
    e.preventDefault();
    const body = { ...fields, park_living_thing_ids: animals };
    const saved = story
      ? await update({ parkId, id: story.id, fields: body }).unwrap()
      : await create({ parkId, fields: body }).unwrap();
    onSaved(saved);
  }
  async function doPublish(at: string | null) {
    if (!story) return;
    onSaved(await publish({ parkId, id: story.id, publishAt: at ? new Date(at).toISOString() : null }).unwrap());
  }
  return (
    <form
      className="stack panel office-editor"
      onSubmit={(e) => void save(e).catch(() => {})}
      data-testid="story-editor"
    >
      <h2>{story ? t('backOffice.editStory') : t('backOffice.newStory')}</h2>
      {story && (
        <p className="muted" data-testid="story-status">
          {t(`backOffice.status.${story.status}`)}
        </p>
      )}
      {[
        ['title_ja', 'titleJa', true, false],
        ['body_ja', 'bodyJa', true, true],
        ['title_en', 'titleEn', false, false],
        ['body_en', 'bodyEn', false, true],
      ].map(([key, label, required, multiline]) => {
        const k = key as keyof TextFields;
        const id = `story-${k}`;
        return (
          <div className="field" key={k}>
            <label htmlFor={id}>
              {t(`backOffice.${label}`)}
              {required ? ` ${t('backOffice.required')}` : ''}
            </label>
            {multiline ? (
              <textarea
                id={id}
                className="input"
                rows={6}
                value={fields[k]}
                onChange={set(k)}
                required={!!required}
                data-testid={id}
              />
            ) : (
              <input
                type="text"
                id={id}
                className="input"
                value={fields[k]}
                onChange={set(k)}
                required={!!required}
                maxLength={120}
                data-testid={id}
              />
            )}
          </div>
        );
      })}
      <AnimalPicker parkId={parkId} value={animals} onChange={setAnimals} />
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('backOffice.failed')}
        </p>
      )}
      <div className="office-actions">
        <button type="submit" className="button" data-testid="story-save">
          {t('backOffice.save')}
        </button>
        {story && (
          <>
            <a className="button" href={story.previewPath} target="_blank" rel="noreferrer" data-testid="story-preview">
              {t('backOffice.preview')}
            </a>
            {story.status === 'published' || story.status === 'scheduled' ? (
              <button
                type="button"
                className="button"
                onClick={() => void unpublish({ parkId, id: story.id }).unwrap().then(onSaved)}
                data-testid="story-unpublish"
              >
                {t('backOffice.unpublish')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void doPublish(null).catch(() => {})}
                data-testid="story-publish"
              >
                {t('backOffice.publishNow')}
              </button>
            )}
          </>
        )}
      </div>
      {story && story.status !== 'published' && (
        <div className="field office-schedule">
          <label htmlFor="story-publish-at">{t('backOffice.publishAt')}</label>
          <input
            id="story-publish-at"
            type="datetime-local"
            className="input"
            value={publishAt}
            onChange={(e) => setPublishAt(e.target.value)}
          />
          <button
            type="button"
            className="button"
            disabled={!publishAt}
            onClick={() => void doPublish(publishAt).catch(() => {})}
            data-testid="story-schedule"
          >
            {t('backOffice.schedule')}
          </button>
        </div>
      )}
    </form>
  );
}

/** A refusal because the park requires two-factor sign-in says where to turn it on. */
export function Problem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <p className="notice" role="alert" data-testid="office-problem">
      {errorMessage(error) ?? t('backOffice.failed')}{' '}
      {errorCode(error) === 'totpRequiredByPark' && (
        <Link to="/me/settings/two-factor">{t('backOffice.twoFactor.setUp')}</Link>
      )}
    </p>
  );
}

/** /staff/office/:parkId/stories: the park's stories and the editor. */
export function OfficeStoriesPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const { data: stories, error } = useParkStoriesQuery(parkId, { skip: !(parkId > 0) });
  const [selected, setSelected] = useState<StaffStory | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  // The list is fetched again after every change (media included): show the story as it is now.
  const current = (selected && stories?.find((s) => s.id === selected.id)) ?? selected;
  const choose = (s: StaffStory | null) => {
    setSelected(s);
    setEditorKey((k) => k + 1);
  };
  return (
    <div className="stack office" data-testid="office-stories">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('backOffice.stories')}</h1>
      {error && <Problem error={error} />}
      {/* Refused (another park, or two-factor sign-in required): nothing to edit here. */}
      {!error && (
        <button type="button" className="button" onClick={() => choose(null)} data-testid="story-new">
          {t('backOffice.newStory')}
        </button>
      )}
      {!error && (
        <div className="office-split">
          <ul className="office-list" aria-label={t('backOffice.stories')}>
            {(stories ?? []).map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="office-row"
                  aria-current={selected?.id === s.id || undefined}
                  onClick={() => choose(s)}
                  data-testid="story-row"
                >
                  <span>{s.titleJa}</span>
                  <span className="badge">{t(`backOffice.status.${s.status}`)}</span>
                </button>
              </li>
            ))}
            {stories?.length === 0 && <li className="muted">{t('backOffice.noStories')}</li>}
          </ul>
          <div className="stack">
            <StoryEditor key={editorKey} parkId={parkId} story={current} onSaved={(s) => setSelected(s)} />
            {current && (
              <div className="panel">
                <StoryMediaEditor parkId={parkId} story={current} />
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** A member's roles as checkboxes, changed at once by the owner (the server keeps the last owner). */
function RoleEditor({
  parkId,
  userId,
  name,
  roles,
}: {
  parkId: number;
  userId: number;
  name: string;
  roles: StaffRole[];
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<StaffRole[]>(roles);
  const [change, changed] = useChangeRolesMutation({ fixedCacheKey: 'member-roles' });
  const same = chosen.length === roles.length && chosen.every((r) => roles.includes(r));
  return (
    <fieldset className="office-roles">
      <legend className="muted">{t('backOffice.roleChange.legend', { name })}</legend>
      <div className="office-actions">
        {ROLES.map((r) => (
          <label key={r} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(r)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, r] : chosen.filter((x) => x !== r))}
              data-testid={`member-role-${r}`}
            />
            <span>{t(`backOffice.roles.${r}`)}</span>
          </label>
        ))}
        <button
          type="button"
          className="button"
          disabled={same || chosen.length === 0 || changed.isLoading}
          onClick={() => void change({ parkId, userId, roles: chosen }).catch(() => {})}
          data-testid="member-roles-save"
        >
          {t('backOffice.roleChange.save')}
        </button>
      </div>
    </fieldset>
  );
}

/** /staff/office/:parkId/members: owners list, invite, change the roles of and remove members. */
export function OfficeMembersPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const { data, error } = useMembersQuery(parkId, { skip: !(parkId > 0) });
  const [invite, invited] = useInviteMutation();
  const [remove, removed] = useRemoveMemberMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [setTwoFactor, twoFactorSet] = useSetParkTwoFactorMutation();
  const [, rolesChanged] = useChangeRolesMutation({ fixedCacheKey: 'member-roles' });
  const problem = error ?? invited.error ?? removed.error ?? twoFactorSet.error ?? rolesChanged.error;
  return (
    <div className="stack office" data-testid="office-members">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('backOffice.members')}</h1>
      {problem && <Problem error={problem} />}
      {data && (
        <section className="panel stack" aria-labelledby="office-2fa-title" data-testid="office-two-factor">
          <h2 id="office-2fa-title">{t('backOffice.twoFactor.title')}</h2>
          <p className="muted">{t('backOffice.twoFactor.lead')}</p>
          <label className="office-2fa">
            <input
              type="checkbox"
              checked={data.requireTotp}
              disabled={twoFactorSet.isLoading}
              onChange={(e) => void setTwoFactor({ parkId, required: e.target.checked }).catch(() => {})}
              data-testid="office-require-2fa"
            />
            {t('backOffice.twoFactor.require')}
          </label>
        </section>
      )}
      <ul className="office-list">
        {(data?.members ?? []).map((m) => (
          <li key={m.userId} className="panel office-member" data-testid="member-row">
            <div>
              <strong>{m.name}</strong> <span className="muted">{m.email}</span>
              <p className="muted">
                <span data-testid="member-roles">{m.roles.map((r) => t(`backOffice.roles.${r}`)).join(' · ')}</span>{' '}
                <span className={m.twoFactor ? 'badge' : 'badge badge--warn'} data-testid="member-2fa">
                  {m.twoFactor ? t('backOffice.twoFactor.on') : t('backOffice.twoFactor.off')}
                </span>
              </p>
              <RoleEditor parkId={parkId} userId={m.userId} name={m.name} roles={m.roles} />
            </div>
            <button type="button" className="button" onClick={() => void remove({ parkId, userId: m.userId })}>
              {t('backOffice.remove')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="stack panel"
        onSubmit={(e) => {
          e.preventDefault();
          void invite({ parkId, email, role })
            .unwrap()
            .then(() => setEmail(''))
            .catch(() => {});
        }}
      >
        <h2>{t('backOffice.invite')}</h2>
        <div className="field">
          <label htmlFor="invite-email">{t('backOffice.email')}</label>
          <input
            id="invite-email"
            type="email"
            className="input"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">{t('backOffice.role')}</label>
          <select
            id="invite-role"
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`backOffice.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {t('backOffice.sendInvite')}
        </button>
        {invited.isSuccess && <p role="status">{t('backOffice.invited')}</p>}
      </form>
      {(data?.invitations.length ?? 0) > 0 && (
        <>
          <h2>{t('backOffice.pending')}</h2>
          <ul className="office-list">
            {data?.invitations.map((i) => (
              <li key={i.id} className="muted">
                {i.email} · {t(`backOffice.roles.${i.role}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** /staff/invitations/:token: the mailed link; the signed-in invitee accepts. */
export function InvitationPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [accept, result] = useAcceptInvitationMutation();
  return (
    <div className="stack office" data-testid="office-invitation">
      <h1 className="page-title">{t('backOffice.invitationTitle')}</h1>
      {result.isSuccess ? (
        <p role="status">
          {t('backOffice.accepted')} <Link to="/staff/office">{t('backOffice.title')}</Link>
        </p>
      ) : (
        <button type="button" className="button button--primary" onClick={() => void accept(token)}>
          {t('backOffice.accept')}
        </button>
      )}
      {result.error && (
        <p className="notice" role="alert">
          {errorMessage(result.error) ?? t('backOffice.failed')}
        </p>
      )}
    </div>
  );
}
