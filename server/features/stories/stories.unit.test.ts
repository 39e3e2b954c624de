import { describe, expect, it } from 'vitest';
import { excerpt } from './presentStory';
import { minuteSeed, SEED_PATTERN } from './randomSeed';

describe('excerpt', () => {
  it('keeps short text whole, on one line', () => {
    expect(excerpt('赤ちゃんが\n\n生まれました。', 60)).toBe('赤ちゃんが 生まれました。');
  });

  it('cuts long Japanese at the limit with an ellipsis', () => {
    const text = 'あ'.repeat(100);
    expect(excerpt(text, 60)).toBe(`${'あ'.repeat(60)}…`);
  });

  it('cuts English on a word boundary and drops trailing punctuation', () => {
    const out = excerpt('The polar bear cub took her first swim today, and the keepers were delighted.', 40);
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(41);
    expect(out).toBe('The polar bear cub took her first swim…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(excerpt('🐧'.repeat(5), 5)).toBe('🐧'.repeat(5));
  });
});

describe('minuteSeed', () => {
  it('is the same within a minute and changes with the next one', () => {
    const t = Date.UTC(2026, 0, 1, 12, 0, 5);
    expect(minuteSeed(t)).toBe(minuteSeed(t + 50_000));
    expect(minuteSeed(t)).not.toBe(minuteSeed(t + 60_000));
    expect(minuteSeed(t)).toMatch(SEED_PATTERN);
  });
});
