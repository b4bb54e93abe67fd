// Writes the printed SDL of the Pothos schema to schema/schema.graphql (committed; a test fails on drift).
import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.js';

const path = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(path, `${printSchema(schema)}\n`);
process.stdout.write(`wrote ${path.pathname}\n`);
