// Tests that buy tickets for today and use them on the day must not straddle midnight in Tokyo (the day of use
// would change under them). Close to midnight, wait until the new day has begun.
import { msUntilTokyoMidnight } from '../../common/time';

export async function awayFromTokyoMidnight(marginMs = 4 * 60_000): Promise<void> {
  const left = msUntilTokyoMidnight();
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 2_000));
}
