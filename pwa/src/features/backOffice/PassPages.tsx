// /staff/office/:parkId/passes: the park's annual pass products (README of server/features/passes, 2.15). Every member
// sees the list with the passes and holders active today; editors and owners create and change a product: kind and
// holders, validity and its start, prices per age group, renewal, benefits, cancellation fee, partner parks (parks
// the member owns) and the sale period. A new product starts private; its sale label moves on the Tickets page.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type {
  OfficePassProduct,
  PassKind,
  PassValidityStart,
  SavePassProductRequest,
} from '../../../../common/dto/pass';
import { AGE_GROUPS } from '../../../../common/reference';
import { formatNumber, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage, useOfficeOverviewQuery } from './backOfficeApi';
import { useOfficeItemsQuery } from './catalogueApi';
import { Field, TranslatedTexts } from './EditableRows';
import { usePassProductsQuery, useSavePassProductMutation } from './passOfficeApi';
import './backOffice.css';

const PRICE_GROUPS = AGE_GROUPS.filter((g) => g.kind === 'category');
const KINDS: PassKind[] = ['single', 'family'];
const STARTS: PassValidityStart[] = ['first_entry', 'purchase'];
const DISCOUNT_CATEGORIES = [1, 2];

/** Tokyo wall time for datetime-local inputs, and back. */
const localInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (v: string) => (v ? new Date(`${v}:00+09:00`).toISOString() : null);

/** The form keeps what inputs hold: prices per age group as text (empty: not sold), dates as Tokyo wall time. */
interface PassForm {
  name_ja: string;
  name_en: string;
  description_ja: string;
  description_en: string;
  kind: PassKind;
  max_holders: number;
  validity_days: number;
  validity_start: PassValidityStart;
  start_within_days: number;
  prices: Record<number, string>;
  disability: string;
  renewable: boolean;
  renewal_window: number;
  renewal_prices: Record<number, string>;
  discount_percent: number;
  discount_categories: number[];
  guest_vouchers: number;
  guest_voucher_item_id: number | null;
  reentry: boolean;
  max_entries: string;
  cancel_rate_percent: number;
  park_ids: number[];
  sale_from: string;
  sale_until: string;
}

function blankForm(): PassForm {
  return {
    name_ja: '',
    name_en: '',
    description_ja: '',
    description_en: '',
    kind: 'family',
    max_holders: 4,
    validity_days: 365,
    validity_start: 'first_entry',
    start_within_days: 365,
    prices: {},
    disability: '',
    renewable: true,
    renewal_window: 60,
    renewal_prices: {},
    discount_percent: 0,
    discount_categories: [1, 2],
    guest_vouchers: 0,
    guest_voucher_item_id: null,
    reentry: false,
    max_entries: '',
    cancel_rate_percent: 0,
    park_ids: [],
    sale_from: '',
    sale_until: '',
  };
}

const byGroup = (prices: OfficePassProduct['prices']) =>
  Object.fromEntries(prices.filter((p) => p.unitKind === 'basic').map((p) => [p.ageGroupId, String(p.price)]));

function formOf(p: OfficePassProduct): PassForm {
  return {
    name_ja: p.nameJa,
    name_en: p.nameEn ?? '',
    description_ja: p.descriptionJa,
    description_en: p.descriptionEn ?? '',
    kind: p.kind,
    max_holders: p.maxHolders,
    validity_days: p.validityDays,
    validity_start: p.validityStart,
    start_within_days: p.startWithinDays,
    prices: byGroup(p.prices),
    disability: String(p.prices.find((x) => x.unitKind === 'disability')?.price ?? ''),
    renewable: p.renewal !== null,
    renewal_window: p.renewal?.windowDays ?? 60,
    renewal_prices: byGroup(p.renewal?.prices ?? []),
    discount_percent: p.benefits.discountPercent,
    discount_categories: p.benefits.discountCategories,
    guest_vouchers: p.benefits.guestVouchersPerTerm,
    guest_voucher_item_id: p.benefits.guestVoucherItemId,
    reentry: p.benefits.reentry,
    max_entries: p.benefits.maxEntries === null ? '' : String(p.benefits.maxEntries),
    cancel_rate_percent: p.cancelRatePercent,
    park_ids: p.parkIds.filter((id) => id !== p.parkId),
    sale_from: localInput(p.saleFrom),
    sale_until: localInput(p.saleUntil),
  };
}

const basicPrices = (prices: Record<number, string>) =>
  PRICE_GROUPS.flatMap((g) =>
    prices[g.id] === undefined || prices[g.id] === ''
      ? []
      : [{ age_group_id: g.id, unit_kind: 'basic' as const, price: Number(prices[g.id]) }],
  );

function requestOf(f: PassForm): SavePassProductRequest {
  const disability =
    f.disability === ''
      ? []
      : (['disability', 'companion'] as const).map((unit_kind) => ({
          age_group_id: null,
          unit_kind,
          price: Number(f.disability),
        }));
  return {
    name_ja: f.name_ja,
    name_en: f.name_en.trim() || null,
    description_ja: f.description_ja,
    description_en: f.description_en.trim() || null,
    kind: f.kind,
    max_holders: f.kind === 'single' ? 1 : f.max_holders,
    validity_days: f.validity_days,
    validity_start: f.validity_start,
    start_within_days: f.start_within_days,
    prices: [...basicPrices(f.prices), ...disability],
    renewal: f.renewable ? { window_days: f.renewal_window, prices: basicPrices(f.renewal_prices) } : null,
    discount_percent: f.discount_percent,
    discount_categories: f.discount_categories,
    guest_vouchers: f.guest_vouchers,
    guest_voucher_item_id: f.guest_vouchers > 0 ? f.guest_voucher_item_id : null,
    reentry: f.reentry,
    max_entries: f.reentry && f.max_entries !== '' ? Number(f.max_entries) : null,
    cancel_rate_percent: f.cancel_rate_percent,
    park_ids: f.park_ids,
    sale_from: fromLocalInput(f.sale_from),
    sale_until: fromLocalInput(f.sale_until),
  };
}

/** A number input with its label above it. */
function NumberField({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: number | string;
  min: number;
  max: number;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function PriceGrid({
  idPrefix,
  prices,
  onChange,
}: {
  idPrefix: string;
  prices: Record<number, string>;
  onChange: (next: Record<number, string>) => void;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="office-grid">
      {PRICE_GROUPS.map((g) => (
        <NumberField
          key={g.id}
          id={`${idPrefix}-${g.id}`}
          label={i18n.language === 'en' ? g.nameEn : g.nameJa}
          min={0}
          max={1_000_000}
          value={prices[g.id] ?? ''}
          onChange={(v) => onChange({ ...prices, [g.id]: v })}
        />
      ))}
    </div>
  );
}

interface ParkChoice {
  id: number;
  name: string;
}

function PassEditor({
  parkId,
  product,
  initial,
  partnerChoices,
  voucherItems,
  onSaved,
}: {
  parkId: number;
  product: OfficePassProduct | null;
  initial: PassForm;
  partnerChoices: ParkChoice[];
  voucherItems: ParkChoice[];
  onSaved: (p: OfficePassProduct, notice: string) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PassForm>(initial);
  const [save, saved] = useSavePassProductMutation();
  const set = <K extends keyof PassForm>(k: K, v: PassForm[K]) => setForm({ ...form, [k]: v });
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = await save({ parkId, itemId: product?.itemId ?? null, form: requestOf(form) }).unwrap();
    onSaved(result, product ? t('passOffice.saved') : t('passOffice.created'));
  }
  return (
    <form
      className="stack panel office-editor"
      onSubmit={(e) => void submit(e).catch(() => {})}
      data-testid="pass-editor"
    >
      <h2>{product ? product.name : t('passOffice.newProduct')}</h2>
      {saved.error && (
        <p className="notice" role="alert" data-testid="pass-error">
          {errorMessage(saved.error) ?? t('passOffice.failed')}
        </p>
      )}
      <TranslatedTexts idPrefix="pass" ns="passOffice" texts={form} rows={3} onChange={(k, v) => set(k, v)} />
      <div className="office-grid">
        <Field id="pass-kind" label={t('passOffice.kind')}>
          <select
            id="pass-kind"
            className="input"
            value={form.kind}
            onChange={(e) => {
              const kind = e.target.value as PassKind;
              setForm({ ...form, kind, max_holders: kind === 'single' ? 1 : Math.max(form.max_holders, 2) });
            }}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`passOffice.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {form.kind === 'family' && (
          <NumberField
            id="pass-holders"
            label={t('passOffice.maxHolders')}
            min={2}
            max={10}
            value={form.max_holders}
            onChange={(v) => set('max_holders', Number(v))}
          />
        )}
      </div>
      <fieldset className="stack">
        <legend>{t('passOffice.validity')}</legend>
        <div className="office-grid">
          <NumberField
            id="pass-days"
            label={t('passOffice.validityDays')}
            min={1}
            max={731}
            value={form.validity_days}
            onChange={(v) => set('validity_days', Number(v))}
          />
          <Field id="pass-start" label={t('passOffice.validityStart')}>
            <select
              id="pass-start"
              className="input"
              value={form.validity_start}
              onChange={(e) => set('validity_start', e.target.value as PassValidityStart)}
            >
              {STARTS.map((s) => (
                <option key={s} value={s}>
                  {t(`passOffice.starts.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          {form.validity_start === 'first_entry' && (
            <NumberField
              id="pass-start-within"
              label={t('passOffice.startWithin')}
              min={1}
              max={731}
              value={form.start_within_days}
              onChange={(v) => set('start_within_days', Number(v))}
            />
          )}
        </div>
      </fieldset>
      <fieldset className="stack">
        <legend>{t('passOffice.prices')}</legend>
        <p className="muted">{t('passOffice.pricesLead')}</p>
        <PriceGrid idPrefix="pass-price" prices={form.prices} onChange={(p) => set('prices', p)} />
        <NumberField
          id="pass-disability"
          label={t('passOffice.disabilityPrice')}
          min={0}
          max={1_000_000}
          value={form.disability}
          onChange={(v) => set('disability', v)}
        />
      </fieldset>
      <fieldset className="stack">
        <legend>{t('passOffice.renewal')}</legend>
        <label className="check">
          <input type="checkbox" checked={form.renewable} onChange={(e) => set('renewable', e.target.checked)} />{' '}
          {t('passOffice.renewable')}
        </label>
        {form.renewable && (
          <>
            <NumberField
              id="pass-renewal-window"
              label={t('passOffice.renewalWindow')}
              min={1}
              max={180}
              value={form.renewal_window}
              onChange={(v) => set('renewal_window', Number(v))}
            />
            <p className="muted">{t('passOffice.renewalPrices')}</p>
            <PriceGrid
              idPrefix="pass-renewal-price"
              prices={form.renewal_prices}
              onChange={(p) => set('renewal_prices', p)}
            />
          </>
        )}
      </fieldset>
      <fieldset className="stack">
        <legend>{t('passOffice.benefits')}</legend>
        <div className="office-grid">
          <NumberField
            id="pass-discount"
            label={t('passOffice.discountPercent')}
            min={0}
            max={100}
            value={form.discount_percent}
            onChange={(v) => set('discount_percent', Number(v))}
          />
          <NumberField
            id="pass-vouchers"
            label={t('passOffice.guestVouchers')}
            min={0}
            max={50}
            value={form.guest_vouchers}
            onChange={(v) => set('guest_vouchers', Number(v))}
          />
          {form.guest_vouchers > 0 && (
            <Field id="pass-voucher-item" label={t('passOffice.guestVoucherItem')}>
              <select
                id="pass-voucher-item"
                className="input"
                required
                value={form.guest_voucher_item_id ?? ''}
                onChange={(e) => set('guest_voucher_item_id', e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t('passOffice.chooseItem')}</option>
                {voucherItems.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        <fieldset className="office-roles">
          <legend>{t('passOffice.discountCategories')}</legend>
          {DISCOUNT_CATEGORIES.map((c) => (
            <label key={c} className="check">
              <input
                type="checkbox"
                checked={form.discount_categories.includes(c)}
                onChange={(e) => set('discount_categories', toggle(form.discount_categories, c, e.target.checked))}
              />{' '}
              {t(`passOffice.categories.${c}`)}
            </label>
          ))}
        </fieldset>
        <label className="check">
          <input type="checkbox" checked={form.reentry} onChange={(e) => set('reentry', e.target.checked)} />{' '}
          {t('passOffice.reentry')}
        </label>
        {form.reentry && (
          <NumberField
            id="pass-max-entries"
            label={t('passOffice.maxEntries')}
            min={2}
            max={99}
            value={form.max_entries}
            onChange={(v) => set('max_entries', v)}
          />
        )}
        <NumberField
          id="pass-cancel-rate"
          label={t('passOffice.cancelRate')}
          min={0}
          max={100}
          value={form.cancel_rate_percent}
          onChange={(v) => set('cancel_rate_percent', Number(v))}
        />
      </fieldset>
      <fieldset className="stack" data-testid="pass-parks">
        <legend>{t('passOffice.parks')}</legend>
        <p className="muted">{t('passOffice.parksLead')}</p>
        <label className="check">
          <input type="checkbox" checked disabled /> {t('passOffice.ownPark')}
        </label>
        {partnerChoices.map((p) => (
          <label key={p.id} className="check">
            <input
              type="checkbox"
              checked={form.park_ids.includes(p.id)}
              onChange={(e) => set('park_ids', toggle(form.park_ids, p.id, e.target.checked))}
            />{' '}
            {p.name}
          </label>
        ))}
      </fieldset>
      <fieldset className="stack">
        <legend>{t('passOffice.saleWindow')}</legend>
        <div className="office-schedule">
          <Field id="pass-sale-from" label={t('passOffice.saleFrom')}>
            <input
              id="pass-sale-from"
              className="input"
              type="datetime-local"
              value={form.sale_from}
              onChange={(e) => set('sale_from', e.target.value)}
            />
          </Field>
          <Field id="pass-sale-until" label={t('passOffice.saleUntil')}>
            <input
              id="pass-sale-until"
              className="input"
              type="datetime-local"
              value={form.sale_until}
              onChange={(e) => set('sale_until', e.target.value)}
            />
          </Field>
        </div>
      </fieldset>
      <button type="submit" className="button primary" disabled={saved.isLoading} data-testid="pass-save">
        {t('passOffice.save')}
      </button>
    </form>
  );
}

/** /staff/office/:parkId/passes */
export function OfficePassesPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const parkId = Number(useParams().parkId);
  const { data: overview } = useOfficeOverviewQuery();
  const held = overview?.parks.find((p) => p.parkId === parkId)?.roles ?? [];
  const canEdit = held.includes('owner') || held.includes('editor');
  const { data: products, error } = usePassProductsQuery(parkId);
  const { data: items } = useOfficeItemsQuery(parkId, { skip: !canEdit });
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const choose = (next: number | 'new') => {
    setNotice('');
    setSelected(next);
  };
  const product = typeof selected === 'number' ? products?.find((p) => p.itemId === selected) : undefined;
  const passIds = new Set(products?.map((p) => p.itemId));
  const voucherItems = (items ?? [])
    .filter((i) => i.category === 0 && !passIds.has(i.id))
    .map((i) => ({ id: i.id, name: (i18n.language === 'en' && i.nameEn) || i.nameJa }));
  // Partner parks: the parks this member owns, and those the product already admits at (kept as they are).
  const partners = new Map<number, string>();
  for (const p of overview?.parks ?? [])
    if (p.parkId !== parkId && p.roles.includes('owner')) partners.set(p.parkId, p.name);
  product?.parkIds.forEach((id, i) => {
    if (id !== parkId) partners.set(id, product.parkNames[i] ?? String(id));
  });
  const partnerChoices = [...partners].map(([id, name]) => ({ id, name }));
  return (
    <div className="stack office" data-testid="office-passes">
      <p>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </p>
      <h1 className="page-title">{t('passOffice.title')}</h1>
      <p>
        <Link className="button" to={`/staff/office/${parkId}/passes/holders`} data-testid="pass-holders-link">
          {t('passHolders.link')}
        </Link>{' '}
        <Link className="button" to={`/staff/office/${parkId}/passes/photos`} data-testid="pass-photos-link">
          {t('passPhotoReview.link')}
        </Link>
      </p>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('passOffice.failed')}
        </p>
      )}
      {overview && !canEdit && <p className="muted">{t('passOffice.readOnly')}</p>}
      <div className="office-split">
        <div className="stack">
          {canEdit && (
            <button type="button" className="button primary" onClick={() => choose('new')} data-testid="pass-new">
              {t('passOffice.newProduct')}
            </button>
          )}
          {products?.length === 0 && <p className="muted">{t('passOffice.noProducts')}</p>}
          <ul className="office-list">
            {products?.map((p) => {
              const adult = p.prices.find((x) => x.unitKind === 'basic' && x.ageGroupId === 5) ?? p.prices[0];
              const summary = (
                <span className="office-item__main">
                  <span>{p.name}</span>
                  <span className="muted">
                    {t('passOffice.summary', {
                      kind: t(`passOffice.kinds.${p.kind}`),
                      holders: p.maxHolders,
                      days: p.validityDays,
                      start: t(`passOffice.starts.${p.validityStart}`),
                    })}
                  </span>
                  <span className="muted">
                    {p.renewal
                      ? t('passOffice.renewalSummary', { days: p.renewal.windowDays })
                      : t('passOffice.notRenewable')}
                    {p.parkNames.length > 1 && ` · ${p.parkNames.join(i18n.language === 'en' ? ', ' : '・')}`}
                  </span>
                </span>
              );
              const side = (
                <span className="office-item__side">
                  <span className="muted">{t(`catalogueOffice.labels.${p.saleLabel}`)}</span>
                  {adult && (
                    <span>
                      {adult.ageGroupName} {formatYen(adult.price, locale)}
                    </span>
                  )}
                  <span data-testid="pass-active">
                    {t('passOffice.active', {
                      passes: formatNumber(p.activePasses, locale),
                      holders: formatNumber(p.activeHolders, locale),
                    })}
                  </span>
                </span>
              );
              return (
                <li key={p.itemId} data-testid="pass-product">
                  {canEdit ? (
                    <button
                      type="button"
                      className="office-row office-item-row pass-row"
                      aria-current={selected === p.itemId ? 'true' : undefined}
                      onClick={() => choose(p.itemId)}
                    >
                      {summary}
                      {side}
                    </button>
                  ) : (
                    <div className="office-row office-item-row pass-row">
                      {summary}
                      {side}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
        <div className="stack">
          {notice && (
            <p className="notice" role="status" data-testid="pass-saved">
              {notice}
            </p>
          )}
          {canEdit && selected === 'new' && (
            <PassEditor
              key="new"
              parkId={parkId}
              product={null}
              initial={blankForm()}
              partnerChoices={partnerChoices}
              voucherItems={voucherItems}
              onSaved={(p, message) => {
                setSelected(p.itemId);
                setNotice(message);
              }}
            />
          )}
          {canEdit && product && (
            <PassEditor
              key={`${product.itemId}:${product.updatedAt}`}
              parkId={parkId}
              product={product}
              initial={formOf(product)}
              partnerChoices={partnerChoices}
              voucherItems={voucherItems}
              onSaved={(p, message) => {
                setSelected(p.itemId);
                setNotice(message);
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
