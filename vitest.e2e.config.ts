import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests (`npm run test:e2e`): one web build and one real server for the whole
 * run (tests/e2e/global-setup.ts), files one after another in a single worker, Debian's Chromium.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    // Building the web app and starting the server with a fresh embedded database take a while.
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
  },
});
