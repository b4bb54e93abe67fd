/**
 * API key administration: `npm run keys -- create --name NAME`, `npm run keys -- list`, `npm run keys -- revoke ID`.
 * Uses the database the service uses (DATABASE_URL, else the embedded one under DATA_DIR).
 */
import pino from 'pino';
import { loadConfig } from '../src/config/config.js';
import { openSqlClient } from '../src/adapters/sql/open.js';
import { createSqlKeyStore } from '../src/adapters/sql/sql-key-store.js';
import { optionValue, runMain } from './cli.js';

const USAGE = `usage:
  npm run keys -- create --name NAME   issue a key (printed once)
  npm run keys -- list                 list keys (never the keys themselves)
  npm run keys -- revoke ID            revoke a key at once`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'create' && command !== 'list' && command !== 'revoke') {
    console.error(USAGE);
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
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const client = await openSqlClient({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  try {
    const store = createSqlKeyStore({ client });
    if (command === 'create') {
      const issued = await store.create(name!);
      const body = JSON.stringify({ phrase: 'купить велосипед', numPhrases: 10 });
      console.log(`Created key ${issued.id} (${issued.name}).`);
      console.log('The key is shown only this once; only its hash is stored:\n');
      console.log(`  ${issued.key}\n`);
      console.log('Try it:\n');
      console.log(
        `  curl -sS -X POST http://localhost:${config.PORT}/v2/stats/top -H 'Authorization: Bearer ${issued.key}' ` +
          `-H 'Content-Type: application/json' -d '${body}'`,
      );
    } else if (command === 'list') {
      const keys = await store.list();
      if (keys.length === 0) console.log('No keys issued yet (keys from API_KEYS are not listed).');
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
        console.log(`${key.id}  ${key.createdAt.toISOString()}  ${state.padEnd(32)}  ${key.name}`);
      }
    } else {
      const revoked = await store.revoke(rest[0]!);
      if (!revoked) {
        console.error(`no key with id ${rest[0]}`);
        return 1;
      }
      console.log(`Revoked ${revoked.id} (${revoked.name}) at ${revoked.revokedAt?.toISOString()}; it is refused from now on.`);
    }
    return 0;
  } finally {
    await client.close();
  }
}

runMain(main);
