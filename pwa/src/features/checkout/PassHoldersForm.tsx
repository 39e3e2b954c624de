import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../../common/dto/cart';
import type { ChildAccount } from '../../../../common/dto/user';
import { message } from '../../../../common/messages';
import { errorText } from '../../lib/apiErrors';
import { useLocale } from '../../lib/useLocale';
import { useUploadPassPhotoMutation } from './passApi';
import { HOLDER_NAME_MAX, type HolderProblems, type HolderRow } from './passHolders';
import { photoProblem } from './photoCheck';

/** Previews of photos chosen on this page (object URLs); after a reload the uploaded photo is read back. */
const previews = new Map<string, string>();

/**
 * A holder's face photo, chosen now (optional): uploaded at once, its id kept with the holder and sent with the
 * holders; the pass takes it when it is issued (README 2.1, 2.5).
 */
function HolderPhoto({ row, onChange }: { row: HolderRow; onChange(next: HolderRow): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [upload, { isLoading }] = useUploadPassPhotoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    const bad = await photoProblem(file, 'face_photo');
    if (bad) {
      setProblem(message(bad, locale));
      return;
    }
    try {
      const res = await upload(file).unwrap();
      previews.set(res.data.id, URL.createObjectURL(file));
      onChange({ ...row, photoId: res.data.id });
    } catch (err) {
      setProblem(errorText(err, locale));
    }
  };
  const src = row.photoId ? (previews.get(row.photoId) ?? `/api/v1/me/pass-photos/${row.photoId}`) : null;
  return (
    <div className="field pass-holder__photo" data-testid="pass-holder-photo-slot">
      <span className="field-label">{t('passes.holders.photo')}</span>
      {src && (
        <img
          className="photo-field__preview"
          src={src}
          alt={t('passVisitor.photo.preview', { n: row.position })}
          width="120"
          height="150"
          data-testid="pass-holder-photo-preview"
        />
      )}
      <label className="button button--small" htmlFor={id}>
        {isLoading
          ? t('passVisitor.photo.uploading')
          : t(row.photoId ? 'passVisitor.photo.change' : 'passVisitor.photo.choose')}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png"
        disabled={isLoading}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(e) => void onFile(e)}
        data-testid="pass-holder-photo"
      />
      {row.photoId && !isLoading && (
        <>
          <p className="field-hint" data-testid="pass-holder-photo-chosen">
            {t('passVisitor.photo.chosen')}
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => onChange({ ...row, photoId: null })}
            data-testid="pass-holder-photo-remove"
          >
            {t('passVisitor.photo.remove')}
          </button>
        </>
      )}
      <p id={`${id}-hint`} className="field-hint">
        {t('passVisitor.photo.hint')}
      </p>
      {problem && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function HolderFields({
  row,
  problems,
  me,
  kids,
  onChange,
}: {
  row: HolderRow;
  problems: HolderProblems | undefined;
  me: { id: number; name: string } | null;
  kids: readonly ChildAccount[];
  onChange(next: HolderRow): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const who =
    row.ageGroupName ||
    (row.unitKind === 'disability'
      ? t('checkout.qty.disability')
      : row.unitKind === 'companion'
        ? t('checkout.qty.companion')
        : '');
  const accounts = [
    ...(me ? [{ id: me.id, name: me.name, label: t('passes.holders.accountMe', { name: me.name }) }] : []),
    ...kids.map((k) => ({ id: k.id, name: k.name, label: t('passes.holders.accountChild', { name: k.name }) })),
  ];
  const nameError = problems?.name ? t(`passes.holders.errors.${problems.name}`) : null;
  const accountError = problems?.holderUserId ? t(`passes.holders.errors.${problems.holderUserId}`) : null;
  return (
    <fieldset className="add-info-ticket pass-holder" data-testid="pass-holder" data-position={row.position}>
      <legend>{t('passes.holders.person', { n: row.position, who })}</legend>
      <p className="field-hint">{t('passes.holders.ageGroup', { name: who })}</p>
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('passes.holders.account')}</label>
        <select
          id={`${id}-account`}
          value={row.holderUserId ?? ''}
          aria-invalid={accountError ? true : undefined}
          aria-describedby={accountError ? `${id}-account-error` : undefined}
          data-testid="pass-holder-account"
          onChange={(e) => {
            const chosen = accounts.find((a) => String(a.id) === e.target.value) ?? null;
            onChange({
              ...row,
              holderUserId: chosen?.id ?? null,
              // An account names its holder unless a name was typed already.
              name: chosen && !row.name.trim() ? chosen.name : row.name,
            });
          }}
        >
          <option value="">{t('passes.holders.accountNone')}</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
        {accountError && (
          <p id={`${id}-account-error`} className="field-error">
            {accountError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          {t('passes.holders.name')}
          <span className="required-mark">{t('checkout.addInfo.required')}</span>
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={row.name}
          maxLength={HOLDER_NAME_MAX}
          autoComplete="name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`}
          data-testid="pass-holder-name"
          onChange={(e) => onChange({ ...row, name: e.target.value })}
        />
        <p id={`${id}-name-hint`} className="field-hint">
          {t('passes.holders.nameHint')}
        </p>
        {nameError && (
          <p id={`${id}-name-error`} className="field-error">
            {nameError}
          </p>
        )}
      </div>
      <HolderPhoto row={row} onChange={onChange} />
    </fieldset>
  );
}

/** The holders of one pass line at the add-info step: one row per unit bought, in the order bought. */
export function PassHoldersForm({
  line,
  rows,
  problems,
  me,
  kids,
  onChange,
}: {
  line: CartLine;
  rows: readonly HolderRow[];
  problems: Map<number, HolderProblems> | undefined;
  me: { id: number; name: string } | null;
  kids: readonly ChildAccount[];
  onChange(rows: HolderRow[]): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pass-holders stack" data-testid="pass-holders">
      <h2 className="section-title">{t('passes.holders.title')}</h2>
      <p className="field-hint">{t('passes.holders.lead', { name: line.name })}</p>
      {rows.map((row) => (
        <HolderFields
          key={row.position}
          row={row}
          problems={problems?.get(row.position)}
          me={me}
          kids={kids}
          onChange={(next) => onChange(rows.map((r) => (r.position === next.position ? next : r)))}
        />
      ))}
    </div>
  );
}
