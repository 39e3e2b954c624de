import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translationEn } from './en';

/** Every key of a resource tree whose string takes a count. */
function countKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return value.includes('{{count}}') && !/_(one|other)$/.test(key) ? [path] : [];
    return value && typeof value === 'object' ? countKeys(value as Record<string, unknown>, path) : [];
  });
}

describe('English plurals', () => {
  it('says "1 ticket", never "1 tickets", for every string that takes a count', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: translationEn } },
      interpolation: { escapeValue: false },
    });
    const keys = countKeys(translationEn);
    expect(keys.length).toBeGreaterThan(20);
    const wrong = keys
      .map(
        (key) =>
          [
            key,
            i18n.t(key, {
              count: 1,
              chosen: 0,
              max: 5,
              limit: 3,
              label: 'All',
              price: '¥100',
              name: 'Adult',
              plan: 'Plan',
            }),
          ] as const,
      )
      .filter(([, text]) => /\b1 (?!species\b)[a-z]+s\b|\b1 people\b/i.test(text));
    expect(wrong).toEqual([]);
    expect(i18n.t('nav.cartWithCount', { count: 2 })).toBe('Cart (2 tickets)');
  });
});
