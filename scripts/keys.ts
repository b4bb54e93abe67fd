/**
 * API key administration: `npm run keys -- create --name NAME`, `npm run keys -- list`, `npm run keys -- revoke ID`
 * (in the image: `node dist/scripts/keys.js …`). Works through the running service's admin API when one answers at
 * PORT/HOST, else on the database directly (DATABASE_URL, else the embedded one under DATA_DIR).
 */
import { loadConfig } from '../src/config/config.js';
import { openAdminBackend } from './admin-client.js';
import { optionValue, runMain, table } from './cli.js';

const USAGE = `usage:
  npm run keys -- create --name NAME   issue a key (printed once)
  npm run keys -- list                 list keys (never the keys themselves)
  npm run keys -- revoke ID            revoke a key at once`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'create' && command !== 'list' && command !== 'revoke') {
    console.error(command === undefined ? USAGE : `unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  const name = command === 'create' ? optionValue(rest, '--name') : undefined;
  if (command === 'create' && !name?.trim()) {
    console.error('create needs --name NAME (who or what the key is for)\n' + USAGE);
    return 2;
  }
  if (command === 'revoke' && !rest[0]) {
    console.error('revoke needs the key id (see `npm run keys -- list`)\n' + USAGE);
    return 2;
  }

  const config = loadConfig(process.env);
  const backend = await openAdminBackend(config);
  try {
    if (command === 'create') {
      const issued = await backend.create(name!);
      const body = JSON.stringify({ phrase: 'купить велосипед', numPhrases: 10 });
      console.log(`Created key ${issued.id} (${issued.name}) in ${backend.via}.`);
      console.log('The key is shown only this once; only its hash is stored:\n');
      console.log(`  ${issued.key}\n`);
      console.log('Try it:\n');
      console.log(
        `  curl -sS -X POST http://localhost:${config.PORT}/v2/stats/top -H 'Authorization: Bearer ${issued.key}' ` +
          `-H 'Content-Type: application/json' -d '${body}'`,
      );
    } else if (command === 'list') {
      const keys = await backend.list();
      if (keys.length === 0) console.log('No keys issued yet (keys from API_KEYS are not listed).');
      else {
        const rows = keys.map((key) => [key.id, key.createdAt.toISOString(), key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active', key.name]);
        console.log(table([['id', 'created', 'state', 'name'], ...rows]));
      }
    } else {
      const revoked = await backend.revoke(rest[0]!);
      if (!revoked) {
        console.error(`no key with id ${rest[0]}`);
        return 1;
      }
      console.log(`Revoked ${revoked.id} (${revoked.name}) at ${revoked.revokedAt?.toISOString()}; it is refused from now on.`);
    }
    return 0;
  } finally {
    await backend.close();
  }
}

runMain(main);
