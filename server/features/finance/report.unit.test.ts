import { describe, expect, it } from 'vitest';
import { csvCell } from '../../lib/csv';
import { reportCsv, shareOut } from './report';

describe('sharing a refund out over tickets', () => {
  it('is proportional to the prices, in whole yen, and adds up to the total', () => {
    expect(shareOut(1500, [1000, 500])).toEqual([1000, 500]);
    expect(shareOut(1000, [1000, 1000, 1000])).toEqual([334, 333, 333]);
    expect(shareOut(665, [1000])).toEqual([665]);
    const parts = shareOut(1711, [1000, 500, 400]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(1711);
    expect(shareOut(0, [1000, 500])).toEqual([0, 0]);
    expect(shareOut(10, [0, 0])).toEqual([5, 5]);
    expect(shareOut(10, [])).toEqual([]);
  });
});

describe('the CSV file', () => {
  const report = {
    parkId: 1,
    date: '2026-12-01',
    rows: [
      {
        itemId: 7,
        itemName: '入園券, "大人"',
        soldPlaces: 3,
        amount: 3000,
        cancelledPlaces: 1,
        refundAmount: 700,
        admitted: 2,
        slots: [],
      },
      {
        itemId: 9,
        itemName: '=HYPERLINK("x")',
        soldPlaces: 0,
        amount: 0,
        cancelledPlaces: 0,
        refundAmount: 0,
        admitted: 1,
        slots: [],
      },
    ],
    from: '2026-12-24',
    to: '2026-12-24',
    totals: { soldPlaces: 3, amount: 3000, cancelledPlaces: 1, refundAmount: 700, admitted: 3 },
    occupancy: { date: '2026-12-24', inside: 0, entries: 0, exits: 0, hours: [] },
  };

  it('starts with a byte order mark, has the header in the language asked, CRLF lines and a total row', () => {
    const ja = reportCsv(report, 'ja');
    expect(ja.charCodeAt(0)).toBe(0xfeff);
    const lines = ja.slice(1).split('\r\n');
    expect(lines[0]).toBe('商品ID,商品名,時間帯,販売数,販売額（円・税込）,キャンセル数,返金額（円）,入場数');
    expect(lines[1]).toBe('7,"入園券, ""大人""",,3,3000,1,700,2');
    expect(lines[2]).toBe(`9,"'=HYPERLINK(""x"")",,0,0,0,0,1`);
    expect(lines[3]).toBe(',合計,,3,3000,1,700,3');
    expect(lines[4]).toBe('');
    expect(reportCsv(report, 'en').slice(1).split('\r\n')[0]).toBe(
      'Item ID,Item,Time slot,Places sold,"Sales (yen, tax incl.)",Places cancelled,Refunded (yen),Admitted',
    );
  });

  it('quotes what needs quoting and makes formulas inert', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
  });
});
