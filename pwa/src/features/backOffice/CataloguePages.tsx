// The back office's catalogue (/staff/office/:parkId/items): the park's tickets with their sale labels and places
// sold, an editor (names and texts ja/en, kind, dates, prices per age category, limits, coins, capacity for new
// dates, cancellation fee rows), the sale-label moves the server allows, and a preview through the private link.
// And the park profile (/staff/office/:parkId/profile): hours, regular closing days and special days.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OfficeItem, OfficeItemRow, OfficePack, OfficeParkProfile } from '../../../../common/dto/catalogueOffice';
import { AGE_GROUPS } from '../../../../common/reference';
import { addDays, daysBetween, tokyoDate } from '../../../../common/time';
import { formatDate, formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage } from './backOfficeApi';
import {
  type AdvanceFieldForm,
  type ItemForm,
  type PackForm,
  useCreateItemMutation,
  useMovePackSaleLabelMutation,
  useMoveSaleLabelMutation,
  useOfficeItemQuery,
  useOfficeItemsQuery,
  useOfficePackQuery,
  useOfficePacksQuery,
  useParkProfileQuery,
  useSavePackMutation,
  useSaveParkProfileMutation,
  useUpdateItemMutation,
} from './catalogueApi';
import { EditableRows, Field, TranslatedTexts } from './EditableRows';
import { KonbiniSettingsPanel } from './KonbiniSettingsPanel';
import { RemitterAccountPanel } from './RemitterAccountPanel';
import './backOffice.css';

const CATEGORIES = ['0', '1', '2', '3', '4', '5'];
const PRICE_GROUPS = AGE_GROUPS.filter((g) => g.kind === 'category');

function blankForm(): ItemForm {
  const today = tokyoDate();
  return {
    name_ja: '',
    name_en: '',
    description_ja: '',
    description_en: '',
    category: 0,
    available_from: today,
    available_until: addDays(today, 90),
    max_per_order: 10,
    reward_coins: 0,
    daily_capacity: 100,
    reservation_required: false,
    waitlist: false,
    reentry: false,
    max_entries: null,
    prices: [{ age_group_id: 5, price: 1000 }],
    cancellation_policy: [{ days_before: 0, charge_rate: 100 }],
    usage_trigger: 1,
    disability_price: null,
    advance_info_fields: [],
    time_slots: [],
    additional_plans: [],
  };
}

function formOf(item: OfficeItem): ItemForm {
  return {
    name_ja: item.nameJa,
    name_en: item.nameEn ?? '',
    description_ja: item.descriptionJa,
    description_en: item.descriptionEn ?? '',
    category: item.category,
    available_from: item.availableFrom,
    available_until: item.availableUntil,
    max_per_order: item.maxPerOrder,
    reward_coins: item.rewardCoins,
    daily_capacity: item.dailyCapacity,
    reservation_required: item.reservationRequired,
    waitlist: item.waitlist,
    reentry: item.reentry,
    max_entries: item.maxEntries,
    prices: item.prices.map((p) => ({ age_group_id: p.ageGroupId, price: p.price })),
    cancellation_policy: item.cancellationPolicy.map((p) => ({ days_before: p.daysBefore, charge_rate: p.chargeRate })),
    usage_trigger: item.usageTrigger,
    disability_price: item.disabilityPrice,
    time_slots: item.timeSlotList.map((s) => ({
      id: s.id,
      start_time: s.startTime,
      end_time: s.endTime,
      capacity: s.capacity,
    })),
    additional_plans: item.additionalPlans.map((p) => ({
      id: p.id,
      name_ja: p.nameJa,
      name_en: p.nameEn ?? '',
      prices: p.prices.map((x) => ({ age_group_id: x.ageGroupId, price: x.price })),
    })),
    advance_info_fields: item.advanceInfoFields.map((f) => ({
      key: f.key,
      kind: f.kind,
      label_ja: f.labelJa,
      label_en: f.labelEn,
      required: f.required,
    })),
  };
}

function ItemEditor({
  parkId,
  item,
  onSaved,
}: {
  parkId: number;
  item: OfficeItem | null;
  /** With what to tell the editor (the page keeps it: a new item's editor is replaced by the saved one's). */
  onSaved: (item: OfficeItem, notice: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<ItemForm>(item ? formOf(item) : blankForm());
  const [create, created] = useCreateItemMutation();
  const [update, updated] = useUpdateItemMutation();
  const [move, moved] = useMoveSaleLabelMutation();
  const error = created.error ?? updated.error ?? moved.error;
  const set = <K extends keyof ItemForm>(k: K, v: ItemForm[K]) => setForm({ ...form, [k]: v });
  const priceOf = (group: number) => form.prices.find((p) => p.age_group_id === group)?.price;
  const setPrice = (group: number, value: string) => {
    const rest = form.prices.filter((p) => p.age_group_id !== group);
    set('prices', value === '' ? rest : [...rest, { age_group_id: group, price: Number(value) }]);
  };
  async function save(e: FormEvent) {
    e.preventDefault();
    const body = { ...form, name_en: form.name_en.trim(), description_en: form.description_en.trim() };
    const saved = item
      ? await update({ parkId, id: item.id, form: body }).unwrap()
      : await create({ parkId, form: body }).unwrap();
    onSaved(saved, item ? t('catalogueOffice.saved') : t('catalogueOffice.created'));
  }
  const label = (l: number) => t(`catalogueOffice.labels.${l}`);
  return (
    <form
      className="stack panel office-editor"
      onSubmit={(e) => void save(e).catch(() => {})}
      data-testid="item-editor"
    >
      <h2>{item ? (i18n.language === 'en' && item.nameEn) || item.nameJa : t('catalogueOffice.newItem')}</h2>
      {item && (
        <section className="stack" aria-labelledby="sale-label-title" data-testid="sale-label">
          <h3 id="sale-label-title">{t('catalogueOffice.saleLabelTitle')}</h3>
          <p>
            <strong>{t('catalogueOffice.current', { label: label(item.saleLabel) })}</strong>{' '}
            <span className="muted">{t('catalogueOffice.sold', { count: item.sold })}</span>
          </p>
          <div className="office-actions">
            {item.moves.length === 0 && <p className="muted">{t('catalogueOffice.noMoves')}</p>}
            {item.moves.map((to) => (
              <button
                key={to}
                type="button"
                className="button"
                onClick={() =>
                  void move({ parkId, id: item.id, saleLabel: to })
                    .unwrap()
                    .then(
                      (moved) => onSaved(moved, t('catalogueOffice.saved')),
                      () => {},
                    )
                }
                data-testid={`move-label-${to}`}
              >
                {t('catalogueOffice.moveTo', { label: label(to) })}
              </button>
            ))}
            <Link className="button" to={`/private/items/${item.linkId}`} target="_blank" data-testid="item-preview">
              {t('catalogueOffice.preview')}
            </Link>
          </div>
        </section>
      )}
      <TranslatedTexts idPrefix="item" ns="catalogueOffice" texts={form} rows={4} onChange={(k, v) => set(k, v)} />
      <Field id="item-category" label={t('catalogueOffice.category')}>
        <select
          id="item-category"
          className="input"
          value={form.category}
          onChange={(e) => set('category', Number(e.target.value))}
        >
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`catalogueOffice.categories.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <div className="office-schedule">
        <Field id="item-from" label={t('catalogueOffice.availableFrom')}>
          <input
            id="item-from"
            className="input"
            type="date"
            required
            value={form.available_from}
            onChange={(e) => set('available_from', e.target.value)}
          />
        </Field>
        <Field id="item-until" label={t('catalogueOffice.availableUntil')}>
          <input
            id="item-until"
            className="input"
            type="date"
            required
            value={form.available_until}
            onChange={(e) => set('available_until', e.target.value)}
          />
        </Field>
      </div>
      <fieldset className="stack">
        <legend>{t('catalogueOffice.prices')}</legend>
        <p className="muted">{t('catalogueOffice.pricesLead')}</p>
        <div className="office-grid">
          {PRICE_GROUPS.map((g) => (
            <Field key={g.id} id={`item-price-${g.id}`} label={i18n.language === 'en' ? g.nameEn : g.nameJa}>
              <input
                id={`item-price-${g.id}`}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                max={1000000}
                value={priceOf(g.id) ?? ''}
                onChange={(e) => setPrice(g.id, e.target.value)}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="office-grid">
        <Field id="item-max" label={t('catalogueOffice.maxPerOrder')}>
          <input
            id="item-max"
            className="input"
            type="number"
            min={1}
            max={100}
            value={form.max_per_order}
            onChange={(e) => set('max_per_order', Number(e.target.value))}
          />
        </Field>
        <Field id="item-coins" label={t('catalogueOffice.rewardCoins')}>
          <input
            id="item-coins"
            className="input"
            type="number"
            min={0}
            max={10000}
            value={form.reward_coins}
            onChange={(e) => set('reward_coins', Number(e.target.value))}
          />
        </Field>
        <Field id="item-capacity" label={t('catalogueOffice.dailyCapacity')}>
          <input
            id="item-capacity"
            className="input"
            type="number"
            min={0}
            max={1000000}
            value={form.daily_capacity}
            onChange={(e) => set('daily_capacity', Number(e.target.value))}
          />
        </Field>
      </div>
      <div className="office-grid">
        <Field id="item-trigger" label={t('catalogueOffice.usageTrigger')}>
          <select
            id="item-trigger"
            value={form.usage_trigger}
            onChange={(e) => set('usage_trigger', Number(e.target.value))}
          >
            {[0, 1, 2, 3].map((u) => (
              <option key={u} value={u}>
                {t(`catalogueOffice.triggers.${u}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="item-disability" label={t('catalogueOffice.disabilityPrice')}>
          <input
            id="item-disability"
            type="number"
            min={0}
            max={1000000}
            value={form.disability_price ?? ''}
            onChange={(e) => set('disability_price', e.target.value === '' ? null : Number(e.target.value))}
          />
        </Field>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={form.reservation_required}
          onChange={(e) => set('reservation_required', e.target.checked)}
        />
        <span>{t('catalogueOffice.reservationRequired')}</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={form.waitlist} onChange={(e) => set('waitlist', e.target.checked)} />
        <span>{t('catalogueOffice.waitlist')}</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={form.reentry}
          onChange={(e) => setForm({ ...form, reentry: e.target.checked, max_entries: null })}
          data-testid="item-reentry"
        />
        <span>{t('catalogueOffice.reentry')}</span>
      </label>
      {form.reentry && (
        <Field id="item-max-entries" label={t('catalogueOffice.maxEntries')}>
          <input
            id="item-max-entries"
            className="input"
            type="number"
            min={2}
            max={99}
            placeholder={t('catalogueOffice.maxEntriesAny')}
            value={form.max_entries ?? ''}
            onChange={(e) => set('max_entries', e.target.value === '' ? null : Number(e.target.value))}
          />
        </Field>
      )}
      <EditableRows
        legend={t('catalogueOffice.policy')}
        rows={form.cancellation_policy}
        onChange={(rows) => set('cancellation_policy', rows)}
        blank={() => ({ days_before: 7, charge_rate: 0 })}
        rowClassName="office-schedule"
      >
        {(row, setRow, i) => (
          <>
            <Field id={`policy-days-${i}`} label={t('catalogueOffice.daysBefore')}>
              <input
                id={`policy-days-${i}`}
                className="input"
                type="number"
                min={0}
                max={365}
                value={row.days_before}
                onChange={(e) => setRow({ days_before: Number(e.target.value) })}
              />
            </Field>
            <Field id={`policy-rate-${i}`} label={t('catalogueOffice.chargeRate')}>
              <input
                id={`policy-rate-${i}`}
                className="input"
                type="number"
                min={0}
                max={100}
                value={row.charge_rate}
                onChange={(e) => setRow({ charge_rate: Number(e.target.value) })}
              />
            </Field>
          </>
        )}
      </EditableRows>
      <EditableRows
        legend={t('catalogueOffice.slots')}
        lead={t('catalogueOffice.slotsLead')}
        rows={form.time_slots}
        onChange={(rows) => set('time_slots', rows)}
        blank={() => ({ start_time: '10:00', end_time: '11:00', capacity: form.daily_capacity })}
        rowClassName="office-schedule"
      >
        {(slot, setSlot, i) => (
          <>
            <Field id={`slot-start-${i}`} label={t('catalogueOffice.slotStart')}>
              <input
                id={`slot-start-${i}`}
                type="time"
                required
                value={slot.start_time}
                onChange={(e) => setSlot({ start_time: e.target.value })}
              />
            </Field>
            <Field id={`slot-end-${i}`} label={t('catalogueOffice.slotEnd')}>
              <input
                id={`slot-end-${i}`}
                type="time"
                required
                value={slot.end_time}
                onChange={(e) => setSlot({ end_time: e.target.value })}
              />
            </Field>
            <Field id={`slot-capacity-${i}`} label={t('catalogueOffice.slotCapacity')}>
              <input
                id={`slot-capacity-${i}`}
                type="number"
                min={0}
                value={slot.capacity}
                onChange={(e) => setSlot({ capacity: Number(e.target.value) })}
              />
            </Field>
          </>
        )}
      </EditableRows>
      <EditableRows
        legend={t('catalogueOffice.addOns')}
        rows={form.additional_plans}
        onChange={(rows) => set('additional_plans', rows)}
        blank={() => ({ name_ja: '', name_en: '', prices: [] })}
        rowClassName="office-grid"
      >
        {(plan, setPlan, i) => (
          <>
            <Field id={`addon-name-${i}`} label={t('catalogueOffice.nameJa')}>
              <input
                id={`addon-name-${i}`}
                required
                maxLength={120}
                value={plan.name_ja}
                onChange={(e) => setPlan({ name_ja: e.target.value })}
              />
            </Field>
            <Field id={`addon-name-en-${i}`} label={t('catalogueOffice.nameEn')}>
              <input
                id={`addon-name-en-${i}`}
                maxLength={120}
                value={plan.name_en}
                onChange={(e) => setPlan({ name_en: e.target.value })}
              />
            </Field>
            <Field id={`addon-price-${i}`} label={t('catalogueOffice.addOnPrice')}>
              <input
                id={`addon-price-${i}`}
                type="number"
                min={0}
                value={plan.prices.find((p) => p.age_group_id === 5)?.price ?? ''}
                onChange={(e) =>
                  setPlan({
                    prices: [
                      ...plan.prices.filter((p) => p.age_group_id !== 5),
                      ...(e.target.value === '' ? [] : [{ age_group_id: 5, price: Number(e.target.value) }]),
                    ],
                  })
                }
              />
            </Field>
          </>
        )}
      </EditableRows>
      <EditableRows
        legend={t('catalogueOffice.advance')}
        lead={t('catalogueOffice.advanceLead')}
        rows={form.advance_info_fields}
        onChange={(rows) => set('advance_info_fields', rows)}
        blank={() => ({
          key: `field_${form.advance_info_fields.length + 1}`,
          kind: 'text' as const,
          label_ja: '',
          label_en: '',
          required: true,
        })}
        rowClassName="office-grid"
      >
        {(f, setField, i) => (
          <>
            <Field id={`adv-label-${i}`} label={t('catalogueOffice.advanceLabel')}>
              <input
                id={`adv-label-${i}`}
                required
                maxLength={60}
                value={f.label_ja}
                onChange={(e) => setField({ label_ja: e.target.value })}
              />
            </Field>
            <Field id={`adv-label-en-${i}`} label={t('catalogueOffice.advanceLabelEn')}>
              <input
                id={`adv-label-en-${i}`}
                maxLength={60}
                value={f.label_en}
                onChange={(e) => setField({ label_en: e.target.value })}
              />
            </Field>
            <Field id={`adv-kind-${i}`} label={t('catalogueOffice.kind')}>
              <select
                id={`adv-kind-${i}`}
                value={f.kind}
                onChange={(e) => setField({ kind: e.target.value as AdvanceFieldForm['kind'] })}
              >
                {(['text', 'face_photo', 'gate_photo'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`catalogueOffice.advanceKinds.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            <label className="check">
              <input type="checkbox" checked={f.required} onChange={(e) => setField({ required: e.target.checked })} />
              <span>{t('catalogueOffice.required')}</span>
            </label>
          </>
        )}
      </EditableRows>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      <button type="submit" className="button primary" data-testid="item-save">
        {t('catalogueOffice.saveItem')}
      </button>
    </form>
  );
}

const localInput = (iso: string) => new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
const fromLocalInput = (v: string) => new Date(`${v}:00+09:00`).toISOString();

function packFormOf(p: OfficePack | null): PackForm {
  const today = tokyoDate();
  if (!p) {
    return {
      name_ja: '',
      name_en: '',
      description_ja: '',
      price: 1000,
      min_total: 1,
      max_total: 10,
      selectable_times: ['10:00'],
      application_starts_at: new Date().toISOString(),
      application_ends_at: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      available_from: today,
      available_until: addDays(today, 60),
      contents: [],
    };
  }
  return {
    name_ja: p.nameJa,
    name_en: p.nameEn ?? '',
    description_ja: p.descriptionJa,
    price: p.price,
    min_total: p.minTotal,
    max_total: p.maxTotal,
    selectable_times: p.selectableTimes,
    application_starts_at: p.applicationStartsAt,
    application_ends_at: p.applicationEndsAt,
    available_from: p.availableFrom,
    available_until: p.availableUntil,
  };
}

/** A pack's fields; a new pack also chooses its items (a sold pack's contents stay as they are). */
function PackEditor({
  parkId,
  pack,
  items,
  onDone,
}: {
  parkId: number;
  pack: OfficePack | null;
  items: OfficeItemRow[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PackForm>(packFormOf(pack));
  const [save, saved] = useSavePackMutation();
  const set = <K extends keyof PackForm>(k: K, v: PackForm[K]) => setForm({ ...form, [k]: v });
  const chosen = new Set((form.contents ?? []).map((c) => c.item_id));
  async function submit(e: FormEvent) {
    e.preventDefault();
    await save({ parkId, id: pack?.id ?? null, form }).unwrap();
    onDone();
  }
  return (
    <form className="stack" onSubmit={(e) => void submit(e).catch(() => {})} data-testid="pack-editor">
      <Field id="pack-name" label={`${t('catalogueOffice.nameJa')} ${t('catalogueOffice.required')}`}>
        <input
          id="pack-name"
          required
          maxLength={255}
          value={form.name_ja}
          onChange={(e) => set('name_ja', e.target.value)}
        />
      </Field>
      <Field id="pack-description" label={`${t('catalogueOffice.descriptionJa')} ${t('catalogueOffice.required')}`}>
        <textarea
          id="pack-description"
          rows={3}
          required
          value={form.description_ja}
          onChange={(e) => set('description_ja', e.target.value)}
        />
      </Field>
      <div className="office-grid">
        <Field id="pack-price" label={t('catalogueOffice.packPrice')}>
          <input
            id="pack-price"
            type="number"
            min={0}
            value={form.price}
            onChange={(e) => set('price', Number(e.target.value))}
          />
        </Field>
        <Field id="pack-min" label={t('catalogueOffice.minTotal')}>
          <input
            id="pack-min"
            type="number"
            min={1}
            max={100}
            value={form.min_total}
            onChange={(e) => set('min_total', Number(e.target.value))}
          />
        </Field>
        <Field id="pack-max" label={t('catalogueOffice.maxTotal')}>
          <input
            id="pack-max"
            type="number"
            min={1}
            max={100}
            value={form.max_total}
            onChange={(e) => set('max_total', Number(e.target.value))}
          />
        </Field>
        <Field id="pack-times" label={t('catalogueOffice.packTimes')}>
          <input
            id="pack-times"
            value={form.selectable_times.join(', ')}
            onChange={(e) =>
              set(
                'selectable_times',
                e.target.value
                  .split(/[,、\s]+/)
                  .map((x) => x.trim())
                  .filter(Boolean),
              )
            }
          />
        </Field>
        <Field id="pack-from" label={t('catalogueOffice.availableFrom')}>
          <input
            id="pack-from"
            type="date"
            value={form.available_from}
            onChange={(e) => set('available_from', e.target.value)}
          />
        </Field>
        <Field id="pack-until" label={t('catalogueOffice.availableUntil')}>
          <input
            id="pack-until"
            type="date"
            value={form.available_until}
            onChange={(e) => set('available_until', e.target.value)}
          />
        </Field>
        <Field id="pack-opens" label={t('catalogueOffice.applicationStarts')}>
          <input
            id="pack-opens"
            type="datetime-local"
            value={localInput(form.application_starts_at)}
            onChange={(e) => set('application_starts_at', fromLocalInput(e.target.value))}
          />
        </Field>
        <Field id="pack-closes" label={t('catalogueOffice.applicationEnds')}>
          <input
            id="pack-closes"
            type="datetime-local"
            value={localInput(form.application_ends_at)}
            onChange={(e) => set('application_ends_at', fromLocalInput(e.target.value))}
          />
        </Field>
      </div>
      {!pack && (
        <fieldset className="stack">
          <legend>{t('catalogueOffice.packContents')}</legend>
          {items.map((i) => (
            <label key={i.id} className="check">
              <input
                type="checkbox"
                checked={chosen.has(i.id)}
                onChange={(e) =>
                  set(
                    'contents',
                    e.target.checked
                      ? [...(form.contents ?? []), { item_id: i.id, quantity: 1 }]
                      : (form.contents ?? []).filter((c) => c.item_id !== i.id),
                  )
                }
              />
              <span>{i.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {pack && (
        <p className="muted">
          {t('catalogueOffice.packContents')}: {pack.contents.map((c) => c.nameJa).join('、')}
        </p>
      )}
      {saved.error && (
        <p className="notice" role="alert">
          {errorMessage(saved.error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      <div className="office-actions">
        <button type="submit" className="button primary" data-testid="pack-save">
          {t('catalogueOffice.savePack')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('catalogueOffice.close')}
        </button>
      </div>
    </form>
  );
}

function PackEditLoader({
  parkId,
  id,
  items,
  onDone,
}: {
  parkId: number;
  id: number;
  items: OfficeItemRow[];
  onDone: () => void;
}) {
  const { data } = useOfficePackQuery({ parkId, id });
  return data ? <PackEditor parkId={parkId} pack={data} items={items} onDone={onDone} /> : null;
}

/** The park's ticket packs: their sale labels, moved along the same lifecycle, and a preview link each. */
function PacksPanel({ parkId, items }: { parkId: number; items: OfficeItemRow[] }) {
  const { t } = useTranslation();
  const { data: packs } = useOfficePacksQuery(parkId);
  const [move, moved] = useMovePackSaleLabelMutation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <section className="stack panel" aria-labelledby="office-packs" data-testid="office-packs">
      <h2 id="office-packs">{t('catalogueOffice.packs')}</h2>
      <button type="button" className="button" onClick={() => setEditing('new')} data-testid="pack-new">
        {t('catalogueOffice.newPack')}
      </button>
      {editing === 'new' && <PackEditor parkId={parkId} pack={null} items={items} onDone={() => setEditing(null)} />}
      {moved.error && (
        <p className="notice" role="alert">
          {errorMessage(moved.error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      <ul className="office-list">
        {(packs ?? []).map((p) => (
          <li key={p.id} className="stack" data-testid="office-pack">
            <p>
              <strong>{p.name}</strong>{' '}
              <span className="muted">
                {t(`catalogueOffice.labels.${p.saleLabel}`)} · {t('catalogueOffice.soldPacks', { count: p.sold })}
              </span>
            </p>
            <div className="office-actions">
              {p.moves.map((to) => (
                <button
                  key={to}
                  type="button"
                  className="button"
                  onClick={() => void move({ parkId, id: p.id, saleLabel: to })}
                >
                  {t('catalogueOffice.moveTo', { label: t(`catalogueOffice.labels.${to}`) })}
                </button>
              ))}
              <Link className="button" to={`/private/ticket-pack/${p.linkId}`} target="_blank">
                {t('catalogueOffice.preview')}
              </Link>
              <button type="button" className="button" onClick={() => setEditing(p.id)}>
                {t('catalogueOffice.edit')}
              </button>
            </div>
            {editing === p.id && (
              <PackEditLoader parkId={parkId} id={p.id} items={items} onDone={() => setEditing(null)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /staff/office/:parkId/items */
export function OfficeItemsPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const { data: items, error } = useOfficeItemsQuery(parkId);
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const choose = (next: number | 'new') => {
    setNotice('');
    setSelected(next);
  };
  const saved = (s: OfficeItem, message: string) => {
    setSelected(s.id);
    setNotice(message);
  };
  // currentData: the item chosen, never the one before it while the new one loads.
  const { currentData: item } = useOfficeItemQuery(
    { parkId, id: Number(selected) },
    { skip: typeof selected !== 'number' },
  );
  return (
    <div className="stack office" data-testid="office-items">
      <p>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </p>
      <h1 className="page-title">{t('catalogueOffice.itemsTitle')}</h1>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      <div className="office-split">
        <div className="stack">
          <button type="button" className="button primary" onClick={() => choose('new')} data-testid="item-new">
            {t('catalogueOffice.newItem')}
          </button>
          {items?.length === 0 && <p className="muted">{t('catalogueOffice.noItems')}</p>}
          <ul className="office-list">
            {items?.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  className="office-row office-item-row"
                  aria-current={selected === row.id ? 'true' : undefined}
                  onClick={() => choose(row.id)}
                  data-testid="office-item"
                >
                  <span className="office-item__main">
                    <span>{(i18n.language === 'en' && row.nameEn) || row.nameJa}</span>
                    <span className="muted" data-testid="office-item-period">
                      {t('catalogueOffice.usePeriod', {
                        from: formatDate(row.availableFrom, locale),
                        until: formatDate(row.availableUntil, locale),
                      })}
                    </span>
                  </span>
                  <span className="office-item__side">
                    <span className="muted">{t(`catalogueOffice.labels.${row.saleLabel}`)}</span>
                    <span data-testid="office-item-sales">
                      {/* No stock row yet (nothing sold, no capacity set by hand): no capacity to read against. */}
                      {row.capacity > 0
                        ? t('catalogueOffice.sales', {
                            sold: formatNumber(row.sold, locale),
                            capacity: formatNumber(row.capacity, locale),
                          })
                        : t('catalogueOffice.sold', { count: row.sold })}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="stack">
          {notice && (
            <p className="notice" role="status" data-testid="item-saved">
              {notice}
            </p>
          )}
          {selected === 'new' && <ItemEditor key="new" parkId={parkId} item={null} onSaved={saved} />}
          {typeof selected === 'number' && item && (
            <ItemEditor
              key={`${item.id}:${item.updatedAt}:${item.saleLabel}`}
              parkId={parkId}
              item={item}
              onSaved={saved}
            />
          )}
        </div>
      </div>
      <PacksPanel parkId={parkId} items={items ?? []} />
    </div>
  );
}

type SpecialDay = OfficeParkProfile['specialDays'][number];

/** The profile's text and contact fields, as the API names them, with their label keys. */
const TEXT_FIELDS = [
  ['description_ja', 'descriptionJa', 5000, true],
  ['description_en', 'descriptionEn', 5000, true],
  ['address_ja', 'addressJa', 255, false],
  ['address_en', 'addressEn', 255, false],
  ['access_ja', 'accessJa', 2000, true],
  ['access_en', 'accessEn', 2000, true],
  ['business_hours_note_ja', 'businessHoursNoteJa', 1000, true],
  ['business_hours_note_en', 'businessHoursNoteEn', 1000, true],
  ['closed_days_note_ja', 'closedDaysNoteJa', 1000, true],
  ['closed_days_note_en', 'closedDaysNoteEn', 1000, true],
] as const;
const CONTACT_FIELDS = [
  ['phone', 'phone', 'tel'],
  ['website_url', 'websiteUrl', 'url'],
  ['inquiry_email', 'inquiryEmail', 'email'],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0] | (typeof CONTACT_FIELDS)[number][0];

interface ClosureRow {
  from: string;
  to: string;
  noteJa: string;
  noteEn: string;
}

function ProfileEditor({ parkId, profile }: { parkId: number; profile: OfficeParkProfile }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Record<TextKey, string>>({
    description_ja: profile.descriptionJa,
    description_en: profile.descriptionEn ?? '',
    address_ja: profile.addressJa,
    address_en: profile.addressEn ?? '',
    access_ja: profile.accessJa ?? '',
    access_en: profile.accessEn ?? '',
    business_hours_note_ja: profile.businessHoursNoteJa ?? '',
    business_hours_note_en: profile.businessHoursNoteEn ?? '',
    closed_days_note_ja: profile.closedDaysNoteJa ?? '',
    closed_days_note_en: profile.closedDaysNoteEn ?? '',
    phone: profile.phone,
    website_url: profile.websiteUrl,
    inquiry_email: profile.inquiryEmail,
  });
  const [hours, setHours] = useState({
    open_time: profile.openTime,
    close_time: profile.closeTime,
    last_entry_time: profile.lastEntryTime ?? '',
  });
  const [slotWindow, setSlotWindow] = useState({
    gate_slot_before_minutes: profile.gateSlotBeforeMinutes,
    gate_slot_after_minutes: profile.gateSlotAfterMinutes,
  });
  const [weekdays, setWeekdays] = useState<number[]>(profile.closedWeekdays);
  const today = tokyoDate();
  // Closures over before today stay as they were (sent back unchanged, not shown).
  const [closures, setClosures] = useState<ClosureRow[]>(
    profile.closures.map((c) => ({ ...c, noteEn: c.noteEn ?? '' })),
  );
  const pastClosures = profile.closures.filter((c) => c.to < today).length;
  const [days, setDays] = useState<SpecialDay[]>(profile.specialDays.filter((d) => d.kind !== 'closed'));
  const pastCount = days.filter((d) => d.date < today).length;
  const [save, saved] = useSaveParkProfileMutation();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const optional = (v: string) => (v.trim() ? v : null);
    await save({
      parkId,
      form: {
        description_ja: texts.description_ja,
        description_en: optional(texts.description_en),
        address_ja: texts.address_ja,
        address_en: optional(texts.address_en),
        access_ja: optional(texts.access_ja),
        access_en: optional(texts.access_en),
        business_hours_note_ja: optional(texts.business_hours_note_ja),
        business_hours_note_en: optional(texts.business_hours_note_en),
        closed_days_note_ja: optional(texts.closed_days_note_ja),
        closed_days_note_en: optional(texts.closed_days_note_en),
        phone: texts.phone,
        website_url: texts.website_url,
        inquiry_email: texts.inquiry_email,
        ...hours,
        last_entry_time: hours.last_entry_time || null,
        ...slotWindow,
        closed_weekdays: weekdays,
        closures: closures.map((c) => ({ from: c.from, to: c.to, note_ja: c.noteJa, note_en: optional(c.noteEn) })),
        special_days: days.map((d) => ({
          date: d.date,
          kind: d.kind,
          open_time: d.openTime,
          close_time: d.closeTime,
          note_ja: d.noteJa,
          note_en: d.noteEn,
        })),
      },
    }).unwrap();
  }
  const dayCount = (c: ClosureRow) => (c.from && c.to && c.to >= c.from ? daysBetween(c.from, c.to) + 1 : 0);
  return (
    <form
      className="stack panel office-editor"
      onSubmit={(e) => void submit(e).catch(() => {})}
      noValidate
      data-testid="profile-editor"
    >
      <fieldset className="stack">
        <legend>{t('catalogueOffice.texts')}</legend>
        {TEXT_FIELDS.map(([k, label, max, multiline]) => (
          <Field key={k} id={`profile-${k}`} label={t(`catalogueOffice.${label}`)}>
            {multiline ? (
              <textarea
                id={`profile-${k}`}
                className="input"
                rows={k.startsWith('description') ? 4 : 2}
                maxLength={max}
                value={texts[k]}
                onChange={(e) => setTexts({ ...texts, [k]: e.target.value })}
              />
            ) : (
              <input
                id={`profile-${k}`}
                className="input"
                maxLength={max}
                value={texts[k]}
                onChange={(e) => setTexts({ ...texts, [k]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <fieldset className="stack">
        <legend>{t('catalogueOffice.contact')}</legend>
        {CONTACT_FIELDS.map(([k, label, type]) => (
          <Field key={k} id={`profile-${k}`} label={t(`catalogueOffice.${label}`)}>
            <input
              id={`profile-${k}`}
              className="input"
              type={type}
              maxLength={255}
              value={texts[k]}
              onChange={(e) => setTexts({ ...texts, [k]: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('catalogueOffice.hours')}</legend>
        <div className="office-grid">
          {(['open_time', 'close_time', 'last_entry_time'] as const).map((k) => (
            <Field
              key={k}
              id={`profile-${k}`}
              label={t(
                `catalogueOffice.${k === 'open_time' ? 'openTime' : k === 'close_time' ? 'closeTime' : 'lastEntryTime'}`,
              )}
            >
              <input
                id={`profile-${k}`}
                className="input"
                type="time"
                value={hours[k]}
                onChange={(e) => setHours({ ...hours, [k]: e.target.value })}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('catalogueOffice.slotWindow')}</legend>
        <p className="muted">{t('catalogueOffice.slotWindowHint')}</p>
        <div className="office-grid">
          {(['gate_slot_before_minutes', 'gate_slot_after_minutes'] as const).map((k) => (
            <Field
              key={k}
              id={`profile-${k}`}
              label={t(`catalogueOffice.${k === 'gate_slot_before_minutes' ? 'slotBefore' : 'slotAfter'}`)}
            >
              <input
                id={`profile-${k}`}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                max={720}
                value={slotWindow[k]}
                onChange={(e) => setSlotWindow({ ...slotWindow, [k]: Number(e.target.value) })}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('catalogueOffice.closedWeekdays')}</legend>
        <div className="office-actions">
          {[1, 2, 3, 4, 5, 6, 7].map((w) => (
            <label key={w} className="check">
              <input
                type="checkbox"
                checked={weekdays.includes(w)}
                onChange={(e) =>
                  setWeekdays(e.target.checked ? [...weekdays, w].sort() : weekdays.filter((x) => x !== w))
                }
              />
              <span>{t(`catalogueOffice.weekdays.${w}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <EditableRows
        legend={t('catalogueOffice.closures')}
        lead={t('catalogueOffice.closuresLead')}
        rows={closures}
        onChange={setClosures}
        blank={() => ({ from: today, to: today, noteJa: '', noteEn: '' })}
        rowClassName="office-closure"
        rowTestId="closure"
        addLabel={t('catalogueOffice.addClosure')}
        addTestId="closure-add"
        hidden={(c, i) => i < pastClosures && c.to < today}
      >
        {(c, setRow, i) => (
          <>
            <Field id={`closure-from-${i}`} label={t('catalogueOffice.closureFrom')}>
              <input
                id={`closure-from-${i}`}
                className="input"
                type="date"
                value={c.from}
                onChange={(e) => setRow({ from: e.target.value, to: [c.to, e.target.value].sort()[1] })}
                data-testid="closure-from"
              />
            </Field>
            <Field id={`closure-to-${i}`} label={t('catalogueOffice.closureTo')}>
              <input
                id={`closure-to-${i}`}
                className="input"
                type="date"
                min={c.from}
                value={c.to}
                onChange={(e) => setRow({ to: e.target.value })}
                data-testid="closure-to"
              />
            </Field>
            <p className="muted office-closure__days" data-testid="closure-days">
              {t('catalogueOffice.closureDays', { count: dayCount(c) })}
            </p>
            <Field id={`closure-note-ja-${i}`} label={t('catalogueOffice.reasonJa')}>
              <input
                id={`closure-note-ja-${i}`}
                className="input"
                maxLength={255}
                value={c.noteJa}
                onChange={(e) => setRow({ noteJa: e.target.value })}
                data-testid="closure-note-ja"
              />
            </Field>
            <Field id={`closure-note-en-${i}`} label={t('catalogueOffice.reasonEn')}>
              <input
                id={`closure-note-en-${i}`}
                className="input"
                maxLength={255}
                value={c.noteEn}
                onChange={(e) => setRow({ noteEn: e.target.value })}
                data-testid="closure-note-en"
              />
            </Field>
          </>
        )}
      </EditableRows>
      <EditableRows
        legend={t('catalogueOffice.otherDays')}
        rows={days}
        onChange={setDays}
        blank={() => ({
          date: today,
          kind: 'open' as const,
          openTime: null,
          closeTime: null,
          noteJa: '',
          noteEn: null,
        })}
        rowClassName="office-schedule"
        rowTestId="special-day"
        addLabel={t('catalogueOffice.addOtherDay')}
        addTestId="special-day-add"
        // Past days stay as they were (they are sent back unchanged); only today on can be edited.
        hidden={(d, i) => d.date < today && i < pastCount}
      >
        {(d, setRow, i) => (
          <>
            <Field id={`day-date-${i}`} label={t('catalogueOffice.date')}>
              <input
                id={`day-date-${i}`}
                className="input"
                type="date"
                value={d.date}
                onChange={(e) => setRow({ date: e.target.value })}
              />
            </Field>
            <Field id={`day-kind-${i}`} label={t('catalogueOffice.kind')}>
              <select
                id={`day-kind-${i}`}
                className="input"
                value={d.kind}
                onChange={(e) => setRow({ kind: e.target.value as SpecialDay['kind'] })}
              >
                {(['open', 'extended'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`catalogueOffice.kinds.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`day-close-${i}`} label={t('catalogueOffice.closeTime')}>
              <input
                id={`day-close-${i}`}
                className="input"
                type="time"
                value={d.closeTime ?? ''}
                onChange={(e) => setRow({ closeTime: e.target.value || null })}
              />
            </Field>
            <Field id={`day-note-${i}`} label={t('catalogueOffice.noteJa')}>
              <input
                id={`day-note-${i}`}
                className="input"
                maxLength={255}
                value={d.noteJa}
                onChange={(e) => setRow({ noteJa: e.target.value })}
              />
            </Field>
          </>
        )}
      </EditableRows>
      {saved.error && (
        <p className="notice" role="alert">
          {errorMessage(saved.error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      {saved.isSuccess && !saved.error && (
        <p className="notice" role="status" data-testid="profile-saved">
          {t('catalogueOffice.saved')}
        </p>
      )}
      <button type="submit" className="button primary" data-testid="profile-save">
        {t('catalogueOffice.saveProfile')}
      </button>
    </form>
  );
}

/** /staff/office/:parkId/profile */
export function OfficeProfilePage() {
  const { t, i18n } = useTranslation();
  const parkId = Number(useParams().parkId);
  const { data: profile, error } = useParkProfileQuery(parkId);
  return (
    <div className="stack office" data-testid="office-profile">
      <p>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </p>
      <h1 className="page-title">{t('catalogueOffice.profileTitle')}</h1>
      {profile && (
        <p>
          <strong>{(i18n.language === 'en' && profile.nameEn) || profile.nameJa}</strong>{' '}
          <Link to={`/private/profile/park/${profile.linkId}`}>{t('catalogueOffice.preview')}</Link>
        </p>
      )}
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      {profile && <ProfileEditor key={profile.id} parkId={parkId} profile={profile} />}
      {profile && <KonbiniSettingsPanel parkId={parkId} />}
      {profile && <RemitterAccountPanel parkId={parkId} />}
    </div>
  );
}
