import { describe, expect, it } from 'vitest';
import { formatCoins, formatMonthDayWeekday, formatNumber, formatTokyoMonthDay, formatYen, placeName } from './format';

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

  it('groups digits as Intl does for ja-JP and en-US, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1234567, 1000000000, -1, -1200, -1234567]) {
      expect(formatYen(n, 'ja')).toBe(`${new Intl.NumberFormat('ja-JP').format(n)}円`);
      expect(formatYen(n, 'en')).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(n));
      expect(formatNumber(n, 'ja')).toBe(n.toLocaleString('ja-JP'));
    }
  });
});

describe('coins', () => {
  it('always carries its unit', () => {
    expect(formatCoins(1200, 'ja')).toBe('1,200コイン');
    expect(formatCoins(1200, 'en')).toBe('1,200 coins');
    expect(formatCoins(1, 'en')).toBe('1 coin');
  });
});

describe('dates written by hand', () => {
  it('match what Intl writes, every day of a year, both languages', () => {
    const ja = new Intl.DateTimeFormat('ja-JP', { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
    const en = new Intl.DateTimeFormat('en-GB', { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
    const jaTokyo = new Intl.DateTimeFormat('ja-JP', { month: 'short', day: 'numeric', timeZone: 'Asia/Tokyo' });
    const enTokyo = new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', timeZone: 'Asia/Tokyo' });
    for (let i = 0; i < 366; i++) {
      const at = new Date(Date.UTC(2028, 0, 1) + i * 86_400_000);
      const date = at.toISOString().slice(0, 10);
      expect(formatMonthDayWeekday(date, 'ja')).toBe(ja.format(at));
      expect(formatMonthDayWeekday(date, 'en')).toBe(en.format(at));
      // 15:30 UTC is already the next day in Tokyo.
      const instant = new Date(at.getTime() + 15.5 * 3600_000).toISOString();
      expect(formatTokyoMonthDay(instant, 'ja')).toBe(jaTokyo.format(new Date(instant)));
      expect(formatTokyoMonthDay(instant, 'en')).toBe(enTokyo.format(new Date(instant)));
    }
  });
});

describe('a time to the second', () => {
  it('tells apart two scans in the same minute, in Tokyo time', async () => {
    const { formatTimeToSecond } = await import('./format');
    expect(formatTimeToSecond('2026-11-27T09:44:05Z', 'ja')).toBe('11月27日 18:44:05');
    expect(formatTimeToSecond('2026-11-27T09:44:41Z', 'en')).toBe('27 Nov, 18:44:41');
  });
});
