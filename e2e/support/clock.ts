// Tests that buy tickets for today and use them on the day must not straddle midnight in Tokyo (the day of use
// would change under them). Close to midnight, a test first waits until the new day has begun.
import { test } from '@playwright/test';
import { msUntilTokyoMidnight } from '../../common/time';

/**
 * Sets the test's timeout to `timeoutMs` plus any wait, then waits if midnight in Tokyo is less than `marginMs` away,
 * or (a test that dates an act up to `lookbackMs` in the past) passed less than `lookbackMs` ago.
 */
export async function startClearOfMidnight(timeoutMs: number, marginMs = timeoutMs, lookbackMs = 0): Promise<void> {
  const left = msUntilTokyoMidnight();
  const since = 86_400_000 - left;
  const wait = left < marginMs ? left + lookbackMs + 2_000 : since < lookbackMs ? lookbackMs - since + 2_000 : 0;
  test.setTimeout(timeoutMs + wait);
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
}
