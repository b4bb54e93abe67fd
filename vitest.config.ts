import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Node resolves `graphql` (no exports map) to its CommonJS build for Pothos and Yoga; Vite would hand our own
// files the .mjs build, and graphql refuses to mix the two. Point every bare `graphql` import at one copy.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
