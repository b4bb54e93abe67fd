import { defineConfig } from 'vitest/config';
import main, { longRuns } from './vitest.config.js';

/**
 * `npm run test:long`: the soak and the long fault suites that `npm test` leaves out (see vitest.config.ts). Each
 * file keeps its own module graph, one file at a time: they kill and restart services and databases on real clocks.
 */
export default defineConfig({ ...main, test: { ...main.test, projects: undefined, include: longRuns, isolate: true, maxWorkers: 1 } });
