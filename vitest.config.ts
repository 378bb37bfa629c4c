import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // Browser end-to-end tests run by `npm run test:e2e`, not here.
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // The web tests' API (MSW), set up only in the jsdom environment.
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // Each PGlite instance takes about 1 GB; two workers keep the suite within the machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
