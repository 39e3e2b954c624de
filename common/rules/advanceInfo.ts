// Advance information: what an item asks of each ticket holder before the visit (a name for the gate list, a
// face photo for an annual pass, a gate photo). The item lists its fields; the cart line keeps the answers as
// { tickets: [{ <field key>: value }] }, one entry per person. Same checks in the PWA form and on the server.

import type { ErrorCode } from '../errorCodes';
import { nonShiftJisCharacters } from './shiftJis';

export type AdvanceFieldKind = 'text' | 'face_photo' | 'gate_photo';

export interface AdvanceField {
  key: string;
  kind: AdvanceFieldKind;
  labelJa: string;
  labelEn: string;
  required: boolean;
  /** text: characters at most. */
  maxLength?: number;
}

export type AdvanceAnswers = { tickets?: Record<string, string | null | undefined>[] } | null | undefined;

export interface AdvanceProblem {
  ticket: number;
  field: string;
  error: ErrorCode;
  params?: Record<string, string | number>;
}

/** Every problem of the answers for `people` tickets (empty: complete and valid). Photos are upload ids. */
export function advanceInfoProblems(
  fields: readonly AdvanceField[],
  people: number,
  answers: AdvanceAnswers,
  locale: 'ja' | 'en' = 'ja',
): AdvanceProblem[] {
  const problems: AdvanceProblem[] = [];
  for (let ticket = 0; ticket < people; ticket++) {
    const row = answers?.tickets?.[ticket] ?? {};
    for (const field of fields) {
      const value = (row[field.key] ?? '').toString().trim();
      const label = locale === 'en' ? field.labelEn : field.labelJa;
      if (!value) {
        if (field.required) problems.push({ ticket, field: field.key, error: 'required', params: { field: label } });
        continue;
      }
      if (field.kind === 'text') {
        const bad = nonShiftJisCharacters(value);
        if (bad.length) {
          problems.push({
            ticket,
            field: field.key,
            error: 'advanceInfoCharacters',
            params: { field: label, chars: bad.join(' ') },
          });
        } else if (field.maxLength && [...value].length > field.maxLength) {
          problems.push({ ticket, field: field.key, error: 'invalidParam', params: { field: label } });
        }
      } else if (!/^[0-9a-f-]{36}$/i.test(value)) {
        problems.push({ ticket, field: field.key, error: 'invalidParam', params: { field: label } });
      }
    }
  }
  return problems;
}
