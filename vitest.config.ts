import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Integration suites share local Redis/PostgreSQL; each uses its own namespace, so files may run in parallel.
    pool: 'forks',
  },
});
