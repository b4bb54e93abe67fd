import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Node resolves `graphql` (no exports map) to its CommonJS build for Pothos and Yoga; Vite would hand our own
// files the .mjs build, and graphql refuses to mix the two. Point every bare `graphql` import at one copy.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

/**
 * The long runs: the soak, and the fault suites that kill or cut a process, a database or Redis and wait for the
 * service to come through in real time (restarts, leases, grace periods). `npm test` leaves them out so a developer
 * can run it often; `npm run test:long` (vitest.long.config.ts) runs exactly these, and CI (.ci/run) runs both.
 */
export const longRuns = [
  'test/soak/**/*.test.ts',
  'test/faults/**/*.test.ts',
  'test/tasks/crash.test.ts',
  'test/tasks/restart-resume.test.ts',
  'test/tasks/run-leases.test.ts',
  'test/tasks/source-faults.test.ts',
  'test/security/database-down.test.ts',
  'test/security/http-shutdown-deps-gone.test.ts',
];

/**
 * Files that replace a module (vi.mock) and so need a module graph of their own. Every other file shares its
 * worker's graph (`isolate: false`): re-importing the service for each of ~230 files cost ~40 % of the suite's wall
 * time (docs/decisions.md, "A suite a developer runs often"). A file that mocks a module must be listed here; the
 * test test/unit/test-isolation.test.ts fails when one is not.
 */
export const isolatedFiles = ['test/integration/graphql-jit.test.ts'];

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time even on two cores: with one module graph per worker the suite mostly waits (servers, child
    // processes, browsers), not computes — 221 → 115 s wall for the same files at the same user CPU (docs/decisions.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...longRuns, ...isolatedFiles], isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolatedFiles, isolate: true } },
    ],
  },
});
