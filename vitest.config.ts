import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'seeds/**/*.test.ts',
            'pwa/src/**/*.test.{ts,tsx}',
            'server/**/*.unit.test.ts',
          ],
          setupFiles: ['pwa/src/test/setup.ts'],
          // The boot scripts as index.html inlines them, for the tests that run them.
          globalSetup: ['pwa/src/test/bootScripts.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          // One migrated + seeded template per run; every test file clones it.
          globalSetup: ['server/test/globalSetup.ts'],
          // Files in a worker share one module graph: each file builds its own server on its own database (no
          // module mocks, no module state that outlives a server), and the server's import was a third of the run
          // (the whole project: 355 s instead of about 600 s on this machine).
          isolate: false,
        },
      },
    ],
  },
});
