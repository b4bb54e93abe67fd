/** JSON text already written for a frozen value: an answer shared between requests is serialized once. */
const written = new WeakMap<object, string>();

/** How deep the envelope around shared answers goes before the rest is left to JSON.stringify. */
const ENVELOPE_DEPTH = 4;

/**
 * `JSON.stringify(value)`, byte for byte, except that a frozen object or array met near the top (a cached answer
 * the services share between requests: they freeze what they keep) is serialized once and its text reused. The
 * envelope around such parts (/v1's task frame, per request) is written here, deeper values by JSON.stringify.
 */
export function jsonText(value: unknown): string {
  return write(value, 0) ?? 'null';
}

function write(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) as string | undefined;
  if (Object.isFrozen(value)) {
    let text = written.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      written.set(value, text);
    }
    return text;
  }
  if (depth >= ENVELOPE_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + (write(value[i], depth + 1) ?? 'null');
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const text = write((value as Record<string, unknown>)[key], depth + 1);
    if (text === undefined) continue; // undefined, functions and symbols are left out, as JSON.stringify does
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}
