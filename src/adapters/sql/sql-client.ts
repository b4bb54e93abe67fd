// The SQL surface is a port (tasks' job queue runs pg-boss on it too); re-exported for the adapters' own users.
export type { SqlClient, SqlQueryable, SqlResult } from '../../ports/sql-client.js';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Checks a schema name before it is spliced into SQL or connection options (identifiers cannot be parameters). */
export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name "${schema}": use lower-case letters, digits and _ (at most 63)`);
  }
  return schema;
}
