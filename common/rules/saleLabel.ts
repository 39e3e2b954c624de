// The sale-label lifecycle of items and ticket packs (spec: "sale labels form the item lifecycle; allowed
// transitions not shown"). What the back office may move a label to:
//   1 private                  -> 2 waiting for publication, 3 before release, 4 sale, 99 blank
//   2 waiting for publication  -> 1 private, 3 before release, 4 sale
//   3 before release           -> 1 private, 2 waiting for publication, 4 sale
//   4 sale                     -> 5 end of sale; 1 or 2 only while nothing is sold
//   5 end of sale              -> 4 sale (reopened), 6 publication ends
//   6 publication ends         -> nothing (the last state)
//   99 blank                   -> 1 private, 6 publication ends (a label without a sale state: free items)
// - Private (1): only staff and holders of the private link see it. Waiting for publication (2) and before release (3)
//   are listed, not on sale. Sale (4) sells; end of sale (5) is listed, sells nothing; publication ends (6) is
//   unlisted for good: the last state (tickets already sold stay valid).
// - Once something is sold, the item cannot go back before sale (1, 2, 3): visitors hold tickets for it.
import { SaleLabel } from '../enums';

const MOVES: Record<SaleLabel, readonly SaleLabel[]> = {
  [SaleLabel.Private]: [SaleLabel.WaitingForPublication, SaleLabel.BeforeRelease, SaleLabel.Sale, SaleLabel.Blank],
  [SaleLabel.WaitingForPublication]: [SaleLabel.Private, SaleLabel.BeforeRelease, SaleLabel.Sale],
  [SaleLabel.BeforeRelease]: [SaleLabel.Private, SaleLabel.WaitingForPublication, SaleLabel.Sale],
  [SaleLabel.Sale]: [SaleLabel.EndOfSale, SaleLabel.Private, SaleLabel.WaitingForPublication],
  [SaleLabel.EndOfSale]: [SaleLabel.Sale, SaleLabel.PublicationEnds],
  [SaleLabel.PublicationEnds]: [],
  [SaleLabel.Blank]: [SaleLabel.Private, SaleLabel.PublicationEnds],
};

const BEFORE_SALE: readonly SaleLabel[] = [SaleLabel.Private, SaleLabel.WaitingForPublication, SaleLabel.BeforeRelease];

export type SaleLabelRefusal = 'saleLabelMoveNotAllowed' | 'saleLabelAlreadySold';

/** Why a move is refused, or null when it is allowed. `sold`: places sold (or held by orders) so far. */
export function saleLabelRefusal(from: SaleLabel, to: SaleLabel, sold: number): SaleLabelRefusal | null {
  if (!MOVES[from]?.includes(to)) return 'saleLabelMoveNotAllowed';
  if (sold > 0 && BEFORE_SALE.includes(to)) return 'saleLabelAlreadySold';
  return null;
}

/** The labels a move from `from` may go to (the back office offers these). */
export const saleLabelMoves = (from: SaleLabel): readonly SaleLabel[] => MOVES[from] ?? [];
