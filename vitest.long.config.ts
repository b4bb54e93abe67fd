import { configDefaults, defineConfig } from 'vitest/config';
import main, { longRuns } from './vitest.config.js';

/** `npm run test:long`: the soak and the long fault suites that `npm test` leaves out (see vitest.config.ts). */
export default defineConfig({ ...main, test: { ...main.test, include: longRuns, exclude: configDefaults.exclude } });
