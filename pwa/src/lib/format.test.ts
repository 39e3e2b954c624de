import { describe, expect, it } from 'vitest';
import { formatCoins, formatYen, placeName } from './format';

describe('formats', () => {
  it('names a place once when region and prefecture share the name (北海道)', () => {
    expect(placeName({ name: '北海道' }, { name: '北海道' })).toBe('北海道');
    expect(placeName({ name: 'Hokkaido' }, { name: 'Hokkaido' })).toBe('Hokkaido');
    expect(placeName({ name: '関東' }, { name: '東京都' })).toBe('関東・東京都');
  });

  it('writes yen as 1,200円 in Japanese and ¥1,200 in English', () => {
    expect(formatYen(1200, 'ja')).toBe('1,200円');
    expect(formatYen(1200, 'en')).toBe('¥1,200');
  });
});

describe('coins', () => {
  it('always carries its unit', () => {
    expect(formatCoins(1200, 'ja')).toBe('1,200コイン');
    expect(formatCoins(1200, 'en')).toBe('1,200 coins');
    expect(formatCoins(1, 'en')).toBe('1 coin');
  });
});
