import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  resolve: { alias: { docgen: path.resolve(import.meta.dirname, '../generator/public.ts') } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'test/.tmp/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Fixture builds and browser tests start processes; two cores, so keep it modest.
    maxWorkers: 2,
  },
});
