// The app's translator: the part of i18next the app uses (one namespace, nested keys, {{name}} interpolation without
// escaping, plurals by count, a fallback language, resource bundles added later, language changes), as an instance
// react-i18next's useTranslation and I18nextProvider take. i18next itself was 17 KB of JavaScript gzip in every page's
// first load. translator.test.ts compares every string of both languages, with and without counts, with i18next's.
import type { Locale } from '../../../common/enums';

type Tree = { [key: string]: string | Tree };
type Options = { count?: unknown; defaultValue?: unknown; lng?: string; [name: string]: unknown };
type Listener = (...args: unknown[]) => void;

export interface TranslatorInit {
  lng: Locale;
  fallbackLng: Locale;
  resources?: Partial<Record<Locale, { translation: Tree }>>;
}

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(target: Tree, source: Tree, overwrite: boolean): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isTree(value) && isTree(current)) merge(current, value, overwrite);
    else if (overwrite || current === undefined) target[key] = isTree(value) ? merge({}, value, true) : value;
  }
  return target;
}

const plurals = new Map<string, Intl.PluralRules>();
const pluralOf = (lng: string, count: number) => {
  const rules = plurals.get(lng) ?? new Intl.PluralRules(lng);
  plurals.set(lng, rules);
  return rules.select(count);
};

/** {{name}} and {{a.b}} from the options, as i18next does: a value not given at all leaves the placeholder, one
 *  given as undefined or null leaves nothing. */
function interpolate(text: string, options: Options): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, name: string) => {
    const path = name.trim();
    const value = path
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | null | undefined)?.[part], options);
    if (value === undefined) return Object.hasOwn(options, path) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

export function createTranslator() {
  const store: Record<string, Tree> = {};
  const listeners = new Map<string, Set<Listener>>();
  let fallback: Locale = 'ja';
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };

  const find = (lng: string, key: string): string | undefined => {
    const found = key
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (isTree(node) ? node[part] : undefined), store[lng]);
    return typeof found === 'string' ? found : undefined;
  };

  const translate = (lng: string, key: string, options: Options = {}): string => {
    const count = typeof options.count === 'number' ? options.count : undefined;
    for (const code of lng === fallback ? [lng] : [lng, fallback]) {
      const keys = count === undefined ? [key] : [`${key}_${pluralOf(code, count)}`, key];
      if (count === 0) keys.unshift(`${key}_zero`);
      for (const k of keys) {
        const text = find(code, k);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : key;
  };

  const instance = {
    language: 'ja' as string,
    resolvedLanguage: 'ja' as string,
    languages: ['ja'] as string[],
    isInitialized: false,
    options: { defaultNS: 'translation', fallbackLng: 'ja' } as Record<string, unknown>,
    use(plugin: { init(i: unknown): void }) {
      plugin.init(instance);
      return instance;
    },
    async init(init: TranslatorInit) {
      fallback = init.fallbackLng;
      instance.options = { ...instance.options, fallbackLng: init.fallbackLng };
      for (const [lng, bundle] of Object.entries(init.resources ?? {})) {
        if (bundle) store[lng] = merge(store[lng] ?? {}, bundle.translation, true);
      }
      setLanguage(init.lng);
      instance.isInitialized = true;
      emit('initialized');
      return instance.t;
    },
    t: (key: string, options?: Options | string) =>
      translate(
        (typeof options === 'object' && options.lng) || instance.language,
        key,
        typeof options === 'string' ? { defaultValue: options } : options,
      ),
    getFixedT: (lng?: string | null) => (key: string, options?: Options | string) =>
      translate(
        (typeof options === 'object' && options.lng) || lng || instance.language,
        key,
        typeof options === 'string' ? { defaultValue: options } : options,
      ),
    exists: (key: string) => find(instance.language, key) !== undefined || find(fallback, key) !== undefined,
    addResourceBundle(lng: string, _ns: string, resources: Record<string, unknown>, deep = false, overwrite = false) {
      const tree = resources as Tree;
      store[lng] = deep ? merge(store[lng] ?? {}, tree, overwrite) : { ...(store[lng] ?? {}), ...tree };
      emit('added', lng, 'translation');
      return instance;
    },
    hasResourceBundle: (lng: string, _ns?: string) => store[lng] !== undefined,
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    loadLanguages: (_lng: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    async changeLanguage(lng: string) {
      setLanguage(lng);
      emit('languageChanged', lng);
      return instance.t;
    },
    on(event: string, listener: Listener) {
      for (const name of event.split(' ')) {
        if (!listeners.has(name)) listeners.set(name, new Set());
        listeners.get(name)?.add(listener);
      }
      return instance;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return instance;
    },
  };
  const setLanguage = (lng: string) => {
    instance.language = lng;
    instance.resolvedLanguage = lng;
    instance.languages = lng === fallback ? [lng] : [lng, fallback];
  };
  return instance;
}

export type Translator = ReturnType<typeof createTranslator>;
