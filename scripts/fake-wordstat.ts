/**
 * Starts the fake Wordstat (Search API v2) standalone, backed by the demo model, so the service can run with
 * SOURCE=wordstat on a machine without a Yandex account:
 *
 *   npm run fake-wordstat -- --port 8787 --api-key dev-key --folder-id dev-folder
 *   (or PORT=8787 npm run fake-wordstat)
 *
 * Without --api-key / --iam-token any `Api-Key …` or `Bearer …` credential is accepted; without --folder-id
 * any non-empty folderId. The port defaults to an ephemeral one; the URL is printed.
 */
import { parseArgs } from 'node:util';
import { loadRegionCatalog } from '../src/adapters/region-data.js';
import { createDemoSource } from '../src/adapters/demo/demo-source.js';
import { startFakeWordstat } from '../fakes/wordstat/fake-wordstat.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'api-key': { type: 'string' },
    'iam-token': { type: 'string' },
    'folder-id': { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake-wordstat: invalid port "${values.port ?? process.env.PORT}"`);
  process.exit(2);
}


const apiKey = values['api-key'] ?? process.env.FAKE_WORDSTAT_API_KEY;
const iamToken = values['iam-token'] ?? process.env.FAKE_WORDSTAT_IAM_TOKEN;
const folderId = values['folder-id'] ?? process.env.FAKE_WORDSTAT_FOLDER_ID;
const fake = await startFakeWordstat({
  model: createDemoSource(loadRegionCatalog()),
  port,
  host: values.host ?? '127.0.0.1',
  ...(apiKey ? { apiKey } : {}),
  ...(iamToken ? { iamToken } : {}),
  ...(folderId ? { folderId } : {}),
});

console.log(`fake Wordstat (demo model) listening on ${fake.url}`);
console.log('point the service at it with:');
console.log(`  SOURCE=wordstat WORDSTAT_BASE_URL=${fake.url} YANDEX_API_KEY=${apiKey ?? 'any'} YANDEX_FOLDER_ID=${folderId ?? 'any'}`);

const stop = () => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
