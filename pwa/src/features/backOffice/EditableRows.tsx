// The office editors' shared form rows: a labelled field, the names and descriptions in Japanese and English, and a
// fieldset of rows edited in place (cancellation policy, time slots, add-ons, advance fields, closures, special
// days): each row drawn by its page with a setter for that row, a remove button per row and an add button. The
// index is a row's identity (rows have no id until saved).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function EditableRows<T extends object>({
  legend,
  lead,
  rows,
  onChange,
  blank,
  rowClassName,
  rowTestId,
  addLabel,
  addTestId,
  hidden,
  children,
}: {
  legend: string;
  lead?: string;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** The row the add button appends. */
  blank: () => T;
  rowClassName: string;
  rowTestId?: string;
  /** Defaults to 「行を追加」/"Add a row". */
  addLabel?: string;
  addTestId?: string;
  /** Rows kept as they are and not shown (past days, sent back unchanged). */
  hidden?: (row: T, i: number) => boolean;
  children: (row: T, set: (patch: Partial<T>) => void, i: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack">
      <legend>{legend}</legend>
      {lead && <p className="muted">{lead}</p>}
      {rows.map((row, i) =>
        hidden?.(row, i) ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, the index is their identity
          <div key={i} className={rowClassName} data-testid={rowTestId}>
            {children(row, (patch) => onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x))), i)}
            <button type="button" className="button" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              {t('catalogueOffice.removeRow')}
            </button>
          </div>
        ),
      )}
      <button type="button" className="button" onClick={() => onChange([...rows, blank()])} data-testid={addTestId}>
        {addLabel ?? t('catalogueOffice.addRow')}
      </button>
    </fieldset>
  );
}

/** A control with its label above it. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

type TextKey = 'name_ja' | 'name_en' | 'description_ja' | 'description_en';

/** The name and description in Japanese (required) and English, labelled from `ns` (catalogueOffice, passOffice). */
export function TranslatedTexts({
  idPrefix,
  ns,
  texts,
  rows,
  onChange,
}: {
  idPrefix: string;
  ns: 'catalogueOffice' | 'passOffice';
  texts: Record<TextKey, string>;
  rows: number;
  onChange: (key: TextKey, value: string) => void;
}) {
  const { t } = useTranslation();
  const required = ` ${t(`${ns}.required`)}`;
  return (
    <>
      <Field id={`${idPrefix}-name-ja`} label={`${t(`${ns}.nameJa`)}${required}`}>
        <input
          id={`${idPrefix}-name-ja`}
          className="input"
          required
          maxLength={255}
          value={texts.name_ja}
          onChange={(e) => onChange('name_ja', e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-name-en`} label={t(`${ns}.nameEn`)}>
        <input
          id={`${idPrefix}-name-en`}
          className="input"
          maxLength={255}
          value={texts.name_en}
          onChange={(e) => onChange('name_en', e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-description-ja`} label={`${t(`${ns}.descriptionJa`)}${required}`}>
        <textarea
          id={`${idPrefix}-description-ja`}
          className="input"
          rows={rows}
          required
          value={texts.description_ja}
          onChange={(e) => onChange('description_ja', e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-description-en`} label={t(`${ns}.descriptionEn`)}>
        <textarea
          id={`${idPrefix}-description-en`}
          className="input"
          rows={rows}
          value={texts.description_en}
          onChange={(e) => onChange('description_en', e.target.value)}
        />
      </Field>
    </>
  );
}
