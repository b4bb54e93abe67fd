// Writes the printed SDL of the served schema (the Pothos schema plus the fields derived from the operation
// registry, e.g. coreClean) to schema/schema.graphql (committed; a test fails on drift).
import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schemaWithOperations } from '../src/graphql/operation-fields.js';
import { schema as built } from '../src/graphql/schema.js';
import { defaultRegistry } from '../src/operations/registry.js';

const schema = schemaWithOperations(built, defaultRegistry);

const path = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(path, `${printSchema(schema)}\n`);
process.stdout.write(`wrote ${path.pathname}\n`);
