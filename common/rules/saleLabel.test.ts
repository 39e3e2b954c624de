import { describe, expect, it } from 'vitest';
import { SaleLabel } from '../enums';
import { saleLabelMoves, saleLabelRefusal } from './saleLabel';

const ALL = Object.values(SaleLabel);

describe('sale-label lifecycle', () => {
  it('a new item goes from private to publication and sale, then to end of sale and publication ends', () => {
    const path: SaleLabel[] = [
      SaleLabel.Private,
      SaleLabel.WaitingForPublication,
      SaleLabel.BeforeRelease,
      SaleLabel.Sale,
    ];
    for (let i = 1; i < path.length; i++) {
      expect(saleLabelRefusal(path[i - 1] as SaleLabel, path[i] as SaleLabel, 0)).toBeNull();
    }
    expect(saleLabelRefusal(SaleLabel.Sale, SaleLabel.EndOfSale, 10)).toBeNull();
    expect(saleLabelRefusal(SaleLabel.EndOfSale, SaleLabel.Sale, 10)).toBeNull();
    expect(saleLabelRefusal(SaleLabel.EndOfSale, SaleLabel.PublicationEnds, 10)).toBeNull();
  });
  it('publication ends is the last state; nothing moves to the label it already has', () => {
    for (const to of ALL) expect(saleLabelRefusal(SaleLabel.PublicationEnds, to, 0)).toBe('saleLabelMoveNotAllowed');
    for (const l of ALL) expect(saleLabelRefusal(l, l, 0)).toBe('saleLabelMoveNotAllowed');
  });
  it('once something is sold the item cannot go back before sale', () => {
    expect(saleLabelRefusal(SaleLabel.Sale, SaleLabel.Private, 0)).toBeNull();
    expect(saleLabelRefusal(SaleLabel.Sale, SaleLabel.Private, 1)).toBe('saleLabelAlreadySold');
    expect(saleLabelRefusal(SaleLabel.Sale, SaleLabel.WaitingForPublication, 3)).toBe('saleLabelAlreadySold');
  });
  it('never skips the end of sale: a selling item cannot end publication at once', () => {
    expect(saleLabelRefusal(SaleLabel.Sale, SaleLabel.PublicationEnds, 0)).toBe('saleLabelMoveNotAllowed');
    expect(saleLabelMoves(SaleLabel.Sale)).not.toContain(SaleLabel.PublicationEnds);
  });
});
