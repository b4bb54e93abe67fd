import { loadRegionCatalog } from '../../../src/adapters/region-data.js';
import { createWordstatSource, type WordstatSourceOptions } from '../../../src/adapters/wordstat/wordstat-source.js';
import type { Logger } from '../../../src/ports/logger.js';
import { type FakeWordstat, type FakeWordstatOptions, startFakeWordstat } from '../../../fakes/wordstat/fake-wordstat.js';
import { wireAnswers } from '../../support/answers/wire-answers.js';
import { createFakeSource } from '../../support/fake-source.js';

export const API_KEY = 'test-key-5f2c';
export const IAM_TOKEN = 't1.iam-token-9a7b';
export const FOLDER_ID = 'b1gtestfolder';

export const catalog = loadRegionCatalog();

/** The fake, backed by the fixture model, accepting API_KEY or IAM_TOKEN for FOLDER_ID. */
export function startFixtureFake(overrides: Partial<FakeWordstatOptions> = {}): Promise<FakeWordstat> {
  return startFakeWordstat({
    model: createFakeSource({ answers: wireAnswers }),
    apiKey: API_KEY,
    iamToken: IAM_TOKEN,
    folderId: FOLDER_ID,
    ...overrides,
  });
}

/** A Wordstat source pointed at the fake, with short timeouts and quick retries for tests. */
export function sourceFor(fake: FakeWordstat, overrides: Partial<WordstatSourceOptions> = {}) {
  return createWordstatSource({
    baseUrl: fake.url,
    apiKey: API_KEY,
    folderId: FOLDER_ID,
    timeoutMs: 2_000,
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
    catalog,
    ...overrides,
  });
}

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object;
  msg: string | undefined;
}

/** A Logger that keeps every line, so tests can check what was (and was not) logged. */
export function createRecordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const make = (bindings: object): Logger => ({
    debug: (obj, msg) => lines.push({ level: 'debug', obj: { ...bindings, ...obj }, msg }),
    info: (obj, msg) => lines.push({ level: 'info', obj: { ...bindings, ...obj }, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj: { ...bindings, ...obj }, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj: { ...bindings, ...obj }, msg }),
    child: (more) => make({ ...bindings, ...more }),
  });
  return Object.assign(make({}), { lines });
}
