import { readFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaWithOperations } from '../../src/graphql/operation-fields.js';
import { schema as built } from '../../src/graphql/schema.js';
import { defaultRegistry } from '../../src/operations/registry.js';

/** The schema /graphql serves: the built one plus the fields derived from the operation registry (coreClean). */
const schema = schemaWithOperations(built, defaultRegistry);

describe('schema/schema.graphql', () => {
  it('is the printed SDL of the current schema (run `npm run schema:print` after changing types)', () => {
    const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(`${printSchema(schema)}\n`);
  });

  it('has the contract root fields with their arguments', () => {
    const fields = schema.getQueryType()!.getFields();
    expect(fields.top!.args.map((a) => a.name)).toEqual(['phrase', 'numPhrases', 'regions', 'devices']);
    expect(fields.dynamics!.args.map((a) => a.name)).toEqual(['phrase', 'period', 'fromDate', 'toDate', 'regions', 'devices']);
    expect(fields.regions!.args.map((a) => a.name)).toEqual(['phrase', 'level', 'devices']);
  });
});
