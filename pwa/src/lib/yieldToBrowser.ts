/** Lets the browser run other tasks (input, paint) before going on: the app's start is several short tasks, not
 *  one long one that holds the main thread while the page is already drawn. */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
