import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'seeds/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/globalSetup.ts'],
    setupFiles: ['pwa/src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
  },
});
