import type { KeyChange } from '../../ports/key-changes.js';

/**
 * The PostgreSQL channel key changes are announced on. One channel per database: schemas share channels, so the
 * payload names the schema and a listener keeps only its own.
 */
export const KEY_CHANGE_CHANNEL = 'sds_api_keys';

/**
 * A select-list expression that announces `kind` for the key id in column `idColumn`, as a JSON payload. Used in
 * the very statement that writes the key, so the notice is sent exactly when the change commits (and never for
 * a change rolled back), whoever writes through the key store: the service, or the keys CLI on the database.
 */
export function notifyKeyChangeSql(kind: KeyChange['kind'], idColumn: string): string {
  return `pg_notify('${KEY_CHANGE_CHANNEL}', json_build_object('schema', current_schema(), 'kind', '${kind}', 'id', ${idColumn})::text)`;
}

/** The change a notice announces for `schema`, or undefined for another schema's notice or a payload not ours. */
export function parseKeyChangeNotice(payload: string | undefined, schema: string): KeyChange | undefined {
  try {
    const notice = JSON.parse(payload ?? '') as { schema?: unknown; kind?: unknown; id?: unknown };
    if (notice.schema !== schema || typeof notice.id !== 'string') return undefined;
    if (notice.kind === 'revoked' || notice.kind === 'created') return { kind: notice.kind, keyId: notice.id };
    return undefined;
  } catch {
    return undefined;
  }
}
