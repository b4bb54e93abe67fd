import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createSourceSetup } from '../../src/composition/source.js';
import { loadConfig } from '../../src/config/config.js';
import type { Logger } from '../../src/ports/logger.js';

/** A logger that keeps what it was told, so the start-up message itself can be checked. */
function recordingLogger() {
  const lines: { level: string; obj: object; msg: string | undefined }[] = [];
  const logger: Logger = {
    debug: (obj, msg) => lines.push({ level: 'debug', obj, msg }),
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
    child: () => logger,
  };
  return { logger, lines };
}

describe('createSourceSetup', () => {
  const shipped = loadRegionCatalog();

  it.each([
    [{ SOURCE: 'wordstat' }, 'SOURCE=wordstat needs YANDEX_API_KEY and YANDEX_FOLDER_ID'],
    [{ NODE_ENV: 'production' }, 'production needs YANDEX_API_KEY and YANDEX_FOLDER_ID, or SOURCE=demo'],
  ])('%o starts with no source, logs why at start, and every data call says it (503)', async (env, reason) => {
    const { logger, lines } = recordingLogger();
    const setup = createSourceSetup(loadConfig(env), shipped, logger);
    expect(setup.kind).toBe('none');
    expect(lines).toEqual([
      { level: 'error', obj: { source: 'none' }, msg: `no statistics source: ${reason}; data calls answer 503` },
    ]);
    await expect(setup.source.top({ phrase: 'x', numPhrases: 10, regions: [], devices: [] })).rejects.toMatchObject({
      code: 'SOURCE_UNAVAILABLE',
      message: `Wordstat source is not configured: ${reason}`,
    });
    await setup.close();
  });

  it('builds Wordstat from the credentials the config checked', async () => {
    const { logger, lines } = recordingLogger();
    const setup = createSourceSetup(loadConfig({ YANDEX_API_KEY: 'k', YANDEX_FOLDER_ID: 'f' }), shipped, logger);
    expect(setup.kind).toBe('wordstat');
    expect(setup.quota).toBeDefined();
    expect(lines.some((l) => l.level === 'info' && l.msg === 'serving Yandex Wordstat')).toBe(true);
    await setup.close();
  });
});
