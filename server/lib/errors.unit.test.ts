import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorCode } from '../../common/errorCodes';
import { MESSAGES } from '../../common/messages';
import { DomainError } from './errors';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of every `new DomainError(...)` of the server's sources, with where it is. */
function throwSites(files = sources('server')): { at: string; args: string }[] {
  const out: { at: string; args: string }[] = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/new DomainError\(/g)) {
      let depth = 1;
      let i = (m.index ?? 0) + m[0].length;
      const start = i;
      for (; depth > 0 && i < text.length; i++) {
        if ('([{'.includes(text[i] as string)) depth++;
        if (')]}'.includes(text[i] as string)) depth--;
      }
      out.push({ at: `${file}:${text.slice(0, m.index).split('\n').length}`, args: text.slice(start, i - 1) });
    }
  }
  return out;
}

const firstArg = (args: string) => args.split(/,(?![^(]*\))/)[0] ?? '';

describe('one table of domain error codes (common/errorCodes.ts)', () => {
  const sites = throwSites();

  it('every code thrown in the server has a table entry (the type says so too: DomainError takes an ErrorCode)', () => {
    expect(sites.length).toBeGreaterThan(200);
    const unknown = sites.flatMap((s) =>
      // The code, or both codes of a ternary (not the strings its condition compares with).
      [...firstArg(s.args).matchAll(/(?<!===?\s*)'(\w+)'(?!\s*(?:\?|===?))/g)]
        .map((m) => m[1] as string)
        .filter((code) => !isErrorCode(code))
        .map((code) => `${s.at} ${code}`),
    );
    expect(unknown).toEqual([]);
  });

  it('no throw site chooses its own status: the status comes from the table', () => {
    const withStatus = sites.filter((s) => /^[^,]+,\s*\d{3}\b/.test(s.args)).map((s) => `${s.at} ${s.args}`);
    expect(withStatus).toEqual([]);
  });

  it('every code has its ja and en message, and a status of 4xx or 5xx', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const m = (MESSAGES as Record<string, { ja?: string; en?: string }>)[code];
      expect(m?.ja, code).toMatch(/\S/);
      expect(m?.en, code).toMatch(/\S/);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it("a schema's own message (`.error(new Error(code))`) is a table code answering 400, as the validation failure it is", () => {
    const keys = sources('server').flatMap((f) =>
      [
        ...readFileSync(join(ROOT, f), 'utf8').matchAll(
          /\.error\(\s*(?:\([^)]*\)\s*=>[\s\S]{0,400}?)?new Error\('(\w+)'\)/g,
        ),
      ].map((m) => m[1] as string),
    );
    expect(keys.length).toBeGreaterThan(3);
    for (const k of keys) expect(ERROR_STATUS[k as keyof typeof ERROR_STATUS], k).toBe(400);
  });

  it('a DomainError answers the status of its code', () => {
    expect(new DomainError('soldOut').status).toBe(ERROR_STATUS.soldOut);
    expect(new DomainError('notFound').status).toBe(404);
    expect(new DomainError('totpCodeWrong').status).toBe(401);
    expect(new DomainError('totpSettingCodeWrong').status).toBe(422);
  });
});
