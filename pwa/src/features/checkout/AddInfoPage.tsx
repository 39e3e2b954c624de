import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CartLine } from '../../../../common/dto/cart';
import type { Locale } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { type AdvanceField, type AdvanceProblem, advanceInfoProblems } from '../../../../common/rules/advanceInfo';
import { useAppSelector } from '../../app/store';
import { errorText } from '../../lib/apiErrors';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { useUploadPhotoMutation } from '../../lib/photos';
import { useLocale } from '../../lib/useLocale';
import { useGetParkCartQuery, useUpdateCartLinesMutation } from './checkoutApi';
import { Alert, LineSummary, SignedIn, Steps } from './components';
import { PassHoldersForm } from './PassHoldersForm';
import { usePassHolderChildrenQuery, useSetPassLineMutation } from './passApi';
import {
  type HolderProblems,
  type HolderRow,
  holderProblems,
  initialRows,
  passLineRequest,
  passOf,
  readStoredHolders,
  type StoredHolders,
  writeStoredHolders,
} from './passHolders';
import { photoProblem } from './photoCheck';
import {
  type AddInfoForm,
  answersOf,
  checkoutLines,
  parseParkId,
  parseQuick,
  readAddInfoForm,
  writeAddInfoForm,
} from './rules';

/** Who each ticket of a line is for: people per age group, then disabled people and companions. */
function peopleLabels(line: CartLine, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  const out: string[] = [];
  for (const q of line.quantities) for (let i = 0; i < q.quantity; i++) out.push(q.ageGroupName);
  for (let i = 0; i < line.disabilityQuantity; i++) out.push(t('checkout.qty.disability'));
  for (let i = 0; i < line.companionQuantity; i++) out.push(t('checkout.qty.companion'));
  while (out.length < line.people) out.push('');
  return out.slice(0, line.people).map((who, i) => t('checkout.addInfo.person', { n: i + 1, who }));
}

const label = (f: AdvanceField, locale: Locale) => (locale === 'en' ? f.labelEn : f.labelJa);

function PhotoField({
  field,
  value,
  previews,
  error,
  onUploaded,
}: {
  field: AdvanceField;
  value: string;
  previews: Map<string, string>;
  error?: string;
  onUploaded(id: string, preview: string): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [upload, { isLoading }] = useUploadPhotoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    const kind = field.kind === 'gate_photo' ? 'gate_photo' : 'face_photo';
    const bad = await photoProblem(file, kind);
    if (bad) {
      setProblem(message(bad, locale));
      return;
    }
    try {
      const res = await upload({ file, purpose: kind === 'face_photo' ? 'face' : 'gate' }).unwrap();
      onUploaded(res.data.id, URL.createObjectURL(file));
    } catch (err) {
      setProblem(errorText(err, locale));
    }
  };
  const src = value ? (previews.get(value) ?? `/api/v1/uploads/${value}`) : null;
  return (
    <div className="field photo-field">
      <label htmlFor={id}>
        {label(field, locale)}
        {field.required && <span className="required-mark">{t('checkout.addInfo.required')}</span>}
      </label>
      {src && (
        <img
          className="photo-field__preview"
          src={src}
          alt={t('checkout.addInfo.photoPreview')}
          width="120"
          height="120"
        />
      )}
      <input
        id={id}
        className="file-input"
        type="file"
        accept={field.kind === 'gate_photo' ? 'image/jpeg' : 'image/jpeg,image/png'}
        onChange={(e) => void onFile(e)}
        disabled={isLoading}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        data-testid={`photo-${field.key}`}
      />
      {isLoading && <p className="field-hint">{t('checkout.addInfo.uploading')}</p>}
      {value && !isLoading && <p className="field-hint">{t('checkout.addInfo.photoSet')}</p>}
      {shownError && (
        <p id={`${id}-error`} className="field-error">
          {shownError}
        </p>
      )}
    </div>
  );
}

function TextAnswer({
  field,
  value,
  error,
  onChange,
}: {
  field: AdvanceField;
  value: string;
  error?: string;
  onChange(v: string): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label(field, locale)}
        {field.required && <span className="required-mark">{t('checkout.addInfo.required')}</span>}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={field.maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`text-${field.key}`}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function AddInfoFormView({
  parkId,
  lines,
  fields,
}: {
  parkId: number;
  lines: CartLine[];
  fields: Map<number, AdvanceField[]>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const quick = parseQuick(query.get('quick'));
  const [form, setForm] = useState<AddInfoForm>(() => readAddInfoForm(parkId));
  const previews = useRef(new Map<string, string>()).current;
  const [problems, setProblems] = useState<Map<number, AdvanceProblem[]> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useUpdateCartLinesMutation();
  const [savePass, { isLoading: savingPass }] = useSetPassLineMutation();
  const asking = lines.filter((l) => (fields.get(l.id) ?? []).length > 0);
  // Pass lines name their holders here (one row per unit bought).
  const passLines = lines.flatMap((line) => {
    const info = passOf(line);
    return info ? [{ line, info }] : [];
  });
  const user = useAppSelector((s) => s.session.user);
  const me = user ? { id: user.id, name: user.name } : null;
  const { data: kids } = usePassHolderChildrenQuery(undefined, { skip: passLines.length === 0 || !user });
  const [holders, setHolders] = useState<StoredHolders>(() => {
    const stored = readStoredHolders(parkId);
    // The buyer is offered as a holder of the first pass only (one account holds a park's pass once).
    return Object.fromEntries(
      passLines.map(({ line, info }, i) => [line.id, initialRows(line, info, stored, i === 0 ? me : null)]),
    );
  });
  const [holderIssues, setHolderIssues] = useState<Map<number, Map<number, HolderProblems>> | null>(null);
  const next = `/cart/${parkId}/payment${quick ? `?quick=${quick}` : ''}`;

  // The form survives a reload: every change is kept in session storage.
  useEffect(() => writeAddInfoForm(parkId, form), [parkId, form]);
  useEffect(() => writeStoredHolders(parkId, holders), [parkId, holders]);
  const rowsOf = (lineId: number): HolderRow[] => holders[String(lineId)] ?? [];

  const answers = (line: CartLine) => {
    const rows = answersOf(line, form);
    return Array.from({ length: line.people }, (_, i) => rows[i] ?? {});
  };
  const setAnswer = (line: CartLine, ticket: number, key: string, value: string) => {
    setForm((prev) => {
      const rows = answersOf(line, prev);
      const tickets = Array.from({ length: line.people }, (_, i) => ({ ...(rows[i] ?? {}) }));
      const row = tickets[ticket];
      if (row) row[key] = value;
      return { ...prev, [String(line.id)]: { tickets } };
    });
  };
  const check = () => {
    const found = new Map<number, AdvanceProblem[]>();
    for (const line of asking) {
      const p = advanceInfoProblems(fields.get(line.id) ?? [], line.people, { tickets: answers(line) }, locale);
      if (p.length) found.set(line.id, p);
    }
    return found;
  };
  const fieldError = (line: CartLine, ticket: number, key: string) => {
    const p = problems?.get(line.id)?.find((x) => x.ticket === ticket && x.field === key);
    return p ? message(p.error, locale, p.params) : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const found = check();
    setProblems(found);
    const passFound = new Map(
      passLines.map(({ line }) => [line.id, holderProblems(rowsOf(line.id))] as const).filter(([, p]) => p.size > 0),
    );
    setHolderIssues(passFound);
    if (passFound.size > 0 && found.size === 0) {
      const all = [...passFound.values()].flatMap((m) => [...m.values()]);
      // A name missing: the server's own words (passHoldersMissing); else the first problem.
      const first = all.map((p) => p.name ?? p.holderUserId).find((p) => p !== 'nameRequired');
      setError(
        all.some((p) => p.name === 'nameRequired') || !first
          ? message('passHoldersMissing', locale)
          : t(`passes.holders.errors.${first}`),
      );
      return;
    }
    if (found.size > 0) {
      const all = [...found.values()].flat();
      const first = all.find((p) => p.error !== 'required');
      // Anything missing: the spec's "Some individual inputs are incomplete"; else the first problem itself.
      setError(
        all.some((p) => p.error === 'required') || !first
          ? message('advanceInfoIncomplete', locale)
          : message(first.error, locale, first.params),
      );
      return;
    }
    try {
      for (const { line } of passLines) {
        await savePass({ parkId, lineId: line.id, body: passLineRequest(rowsOf(line.id)) }).unwrap();
      }
      if (asking.length > 0)
        await save(
          asking.map((line) => ({
            id: line.id,
            advance_info: {
              tickets: answers(line).map((row) =>
                Object.fromEntries((fields.get(line.id) ?? []).map((f) => [f.key, (row[f.key] ?? '').trim() || null])),
              ),
            },
          })),
        ).unwrap();
      navigate(next);
    } catch (err) {
      setError(errorText(err, locale));
    }
  };

  if (asking.length === 0 && passLines.length === 0) return <Navigate to={next} replace />;

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate data-testid="add-info-form">
      <p className="lead-text">{t('checkout.addInfo.lead')}</p>
      {passLines.map(({ line }) => (
        <section key={line.id} className="panel add-info-line" data-testid="add-info-pass-line">
          <LineSummary line={line} />
          <PassHoldersForm
            line={line}
            rows={rowsOf(line.id)}
            problems={holderIssues?.get(line.id)}
            me={me}
            kids={kids?.data ?? []}
            onChange={(rows) => setHolders((h) => ({ ...h, [String(line.id)]: rows }))}
          />
        </section>
      ))}
      {asking.map((line) => (
        <section key={line.id} className="panel add-info-line" data-testid="add-info-line">
          <LineSummary line={line} />
          {peopleLabels(line, t).map((who, ticket) => (
            <fieldset key={who} className="add-info-ticket" data-testid="add-info-ticket">
              <legend>{who}</legend>
              {(fields.get(line.id) ?? []).map((f) => {
                const value = answers(line)[ticket]?.[f.key] ?? '';
                return f.kind === 'text' ? (
                  <TextAnswer
                    key={f.key}
                    field={f}
                    value={value}
                    error={fieldError(line, ticket, f.key)}
                    onChange={(v) => setAnswer(line, ticket, f.key, v)}
                  />
                ) : (
                  <PhotoField
                    key={f.key}
                    field={f}
                    value={value}
                    previews={previews}
                    error={fieldError(line, ticket, f.key)}
                    onUploaded={(uploadId, preview) => {
                      previews.set(uploadId, preview);
                      setAnswer(line, ticket, f.key, uploadId);
                    }}
                  />
                );
              })}
            </fieldset>
          ))}
        </section>
      ))}
      <Alert text={error} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isLoading || savingPass}
        data-testid="add-info-next"
      >
        {isLoading || savingPass ? t('checkout.common.sending') : t('checkout.addInfo.next')}
      </button>
      <p className="checkout-back">
        <Link to="/cart">{t('checkout.common.backToCart')}</Link>
      </p>
    </form>
  );
}

function AddInfoContent({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const quick = parseQuick(query.get('quick'));
  const { data, isLoading, error } = useGetParkCartQuery(parkId, { refetchOnMountOrArgChange: true });
  const lines = useMemo(() => checkoutLines(data?.data, quick), [data, quick]);
  const fields = useMemo(() => new Map(lines.map((l) => [l.id, l.advanceInfoFields])), [lines]);
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() =>
        lines.length === 0 ? (
          <section className="empty-state" data-testid="cart-empty">
            <p>{message('cartEmpty', locale)}</p>
            <Link className="button" to="/cart">
              {t('checkout.common.backToCart')}
            </Link>
          </section>
        ) : (
          <AddInfoFormView parkId={parkId} lines={lines} fields={fields} />
        )
      }
    </QueryState>
  );
}

/**
 * /cart/:park/add-info: each ticket holder's advance information and each pass's holders, kept through a reload and
 * saved to the cart.
 */
export default function AddInfoPage() {
  const { t } = useTranslation();
  const parkId = parseParkId(useParams().park);
  if (parkId === null) return <ErrorPage status={404} />;
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="add-info-page">
        <Steps current="addInfo" />
        <h1 className="page-title">{t('checkout.addInfo.title')}</h1>
        <AddInfoContent parkId={parkId} />
      </div>
    </SignedIn>
  );
}
