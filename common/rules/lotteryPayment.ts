// How a lottery entry's card is taken at entry. An authorisation lives a limited time at the provider; when the
// draw (and the capture right after it) could come after it lapsed, the card gets a zero-amount check at entry
// and is charged at the draw instead (issue 15, DESIGN "Lottery and waitlist").

/** A day's margin: the results are settled by a sweep after draw time, and retried for a while on an outage. */
const MARGIN_MS = 24 * 3600_000;

/** True when an authorisation made at `now` may lapse before the draw at `drawAt` is settled. */
export function chargesAtDraw(drawAt: Date, now: Date, authorisationValidDays: number): boolean {
  return drawAt.getTime() + MARGIN_MS > now.getTime() + authorisationValidDays * 24 * 3600_000;
}
