// The boot scripts run before the app's code on every first load: they bundle plain modules only, and stay small.
import { describe, expect, it } from 'vitest';
import { BOOT_TEST_VALUES } from '../test/bootScripts';
import { BOOT_ENTRIES, bootScriptModules, buildBootScript } from './build';

// Bytes (minified): 5.6 KB and 2 KB when this was written; the hand-written scripts before them were 18.9 KB. The
// wallet's (My Tickets' first cards, a file asked for on that page only) 8.8 KB.
const BUDGET = { head: 8_000, body: 3_000, wallet: 10_000 };

describe('the boot scripts', () => {
  it.each([...BOOT_ENTRIES, 'wallet' as const])(
    '%s bundles none of the packages (React, Dexie, i18next, the QR encoder) and stays small',
    async (entry) => {
      const modules = Object.keys(await bootScriptModules(entry, BOOT_TEST_VALUES));
      expect(modules.filter((file) => file.includes('node_modules'))).toEqual([]);
      expect(
        modules.every((file) => /^(pwa\/src|common)\/|^<define:/.test(file)),
        modules.join(', '),
      ).toBe(true);
      expect((await buildBootScript(entry, BOOT_TEST_VALUES)).length).toBeLessThan(BUDGET[entry]);
    },
  );
});
