import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translationEn } from '../locales/en';
import { featuresJa } from '../locales/features';
import ja from '../locales/ja';
import { createTranslator } from './translator';

// The app's translator says what i18next said, for every string of both languages: the same keys, counts (plurals),
// values ({{name}}), missing values, the fallback to Japanese, a missing key and a default value.
type Tree = { [key: string]: unknown };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : value && typeof value === 'object' ? leaves(value as Tree, path) : [];
  });
const names = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) =>
    typeof value === 'string'
      ? [...value.matchAll(/\{\{(.+?)\}\}/g)].map((m) => (m[1] as string).trim())
      : value && typeof value === 'object'
        ? names(value as Tree)
        : [],
  );

const jaAll = { ...ja, ...featuresJa } as Tree;
const en = translationEn as Tree;
// Every key, with its plural forms named once (key_one, key_other -> key).
const keys = [
  ...new Set([...leaves(jaAll), ...leaves(en)].map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''))),
];
const values = Object.fromEntries([...new Set([...names(jaAll), ...names(en)])].map((n) => [n, `<${n}>`]));

async function both(lng: 'ja' | 'en') {
  const reference = i18next.createInstance();
  await reference.init({
    lng,
    fallbackLng: 'ja',
    resources: { ja: { translation: jaAll }, en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const ours = createTranslator();
  await ours.init({ lng: 'ja', fallbackLng: 'ja', resources: { ja: { translation: ja as never } } });
  // As the app adds them: the features' Japanese strings, then the English translation.
  ours.addResourceBundle('ja', 'translation', featuresJa, true, true);
  ours.addResourceBundle('en', 'translation', en);
  await ours.changeLanguage(lng);
  return { reference, ours };
}

describe.each(['ja', 'en'] as const)('the translator in %s', (lng) => {
  it('gives what i18next gives for every key, with and without counts and values', async () => {
    const { reference, ours } = await both(lng);
    expect(keys.length).toBeGreaterThan(1000);
    const differ: unknown[] = [];
    const cases = [
      undefined,
      values,
      { ...values, count: 0 },
      { ...values, count: 1 },
      { ...values, count: 2 },
      { count: 1 },
    ];
    for (const key of keys) {
      for (const options of cases) {
        const expected: unknown = reference.t(key, options as never);
        // i18next answers an object for a key naming a group of strings: the app never asks for one.
        if (typeof expected !== 'string' || expected.includes('returned an object')) continue;
        const got = ours.t(key, options);
        if (got !== expected) differ.push({ key, options: options && Object.keys(options).length, expected, got });
      }
    }
    expect(differ).toEqual([]);
  });

  it('gives the key for a missing string, or the default value, with its values', async () => {
    const { reference, ours } = await both(lng);
    for (const [key, options] of [
      ['no.such.key', undefined],
      ['no.such.key', { defaultValue: 'Error {{status}}', status: 404 }],
      ['app.name', { defaultValue: 'unused' }],
    ] as const) {
      expect(ours.t(key, options)).toBe(reference.t(key, options as never));
    }
  });
});

describe('the translator for react-i18next', () => {
  it('tells its listeners of a language change and answers in the new language', async () => {
    const ours = createTranslator();
    await ours.init({ lng: 'ja', fallbackLng: 'ja', resources: { ja: { translation: { a: 'あ' } } } });
    ours.addResourceBundle('en', 'translation', { a: 'A' });
    const seen: unknown[] = [];
    const listener = (lng: unknown) => seen.push(lng);
    ours.on('languageChanged', listener);
    const fixedJa = ours.getFixedT('ja');
    await ours.changeLanguage('en');
    expect(seen).toEqual(['en']);
    expect([ours.t('a'), fixedJa('a'), ours.language, ours.languages]).toEqual(['A', 'あ', 'en', ['en', 'ja']]);
    ours.off('languageChanged', listener);
    await ours.changeLanguage('ja');
    expect(seen).toEqual(['en']);
  });
});
