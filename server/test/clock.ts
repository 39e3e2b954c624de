// Tests that buy tickets for today and use them on the day must not straddle midnight in Tokyo (the day of use
// would change under them). Close to midnight, wait until the new day has begun.
import { beforeEach } from 'vitest';
import { msUntilTokyoMidnight, tokyoDate } from '../../common/time';

export async function awayFromTokyoMidnight(marginMs = 4 * 60_000): Promise<void> {
  const left = msUntilTokyoMidnight();
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 2_000));
}

/**
 * Keeps each test of the file inside one day in Tokyo: before each test, close to midnight, waits for the new day.
 * `onDay` gets today's date as of the test. A file's tests together run longer than any margin, so one check
 * before the file is not enough (the clean-clone CI ran wallet.test.ts across midnight: 8 failures).
 */
export function oneTokyoDayPerTest(onDay: (today: string) => void = () => {}, marginMs = 90_000): void {
  beforeEach(async () => {
    await awayFromTokyoMidnight(marginMs);
    onDay(tokyoDate());
  }, marginMs + 30_000);
}
