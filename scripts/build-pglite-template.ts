/**
 * `npm run db:template`: writes data/pglite-template.tar.gz, an empty embedded database (PGlite's initdb output,
 * nothing of ours in it: migrations still run at start-up). A first start copies it instead of running initdb,
 * which takes seconds and over 600 MiB. Rerun after upgrading @electric-sql/pglite to another PostgreSQL major
 * (test/adapters/pglite-template.test.ts fails when the shipped one no longer opens).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ROOT } from '../bench/support/service-process.js';
import { PGLITE_TEMPLATE_FILE } from '../src/adapters/sql/pglite-template.js';

const db = await PGlite.create('memory://');
await db.query('CHECKPOINT');
const tarball = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
await db.close();
const path = join(ROOT, 'data', PGLITE_TEMPLATE_FILE);
writeFileSync(path, tarball);
console.log(`wrote ${path} (${(tarball.length / 2 ** 20).toFixed(1)} MiB)`);
