import { describe, expect, it } from 'vitest';
import { parseBody } from './body';

describe('parseBody', () => {
  it('turns a short first line into a heading and numbered lines into an ordered list', () => {
    const blocks = parseBody(
      '本サービスについて。\n\n導入の流れ\n1. ご連絡ください。\n2. ご案内します。\n\n第1条（適用）\n本規約は…',
    );
    expect(blocks).toEqual([
      { heading: null, lines: ['本サービスについて。'], ordered: false },
      { heading: '導入の流れ', lines: ['ご連絡ください。', 'ご案内します。'], ordered: true },
      { heading: '第1条（適用）', lines: ['本規約は…'], ordered: false },
    ]);
  });

  it('keeps long first lines as text and ignores stray blank lines', () => {
    const long = 'A first line that goes on and on well past sixty characters, so it is plainly text';
    const blocks = parseBody(`\r\n${long}\nmore\n\n\n\n`);
    expect(blocks).toEqual([{ heading: null, lines: [long, 'more'], ordered: false }]);
  });

  it('keeps questions and sentences as text, even short ones', () => {
    expect(parseBody('Q. キャンセルはできますか？\nA. できます。')[0]?.heading).toBeNull();
    expect(parseBody('Article 13 (Governing law and jurisdiction)\nThese terms…')[0]?.heading).toBe(
      'Article 13 (Governing law and jurisdiction)',
    );
  });
});
