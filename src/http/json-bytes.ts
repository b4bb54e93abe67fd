/** UTF-8 bytes already written for a frozen value: an answer shared between requests is encoded once. */
const written = new WeakMap<object, Buffer>();

/** Lists longer than this are written whole when none of their elements is shared. */
const LONG_LIST = 64;

const isShared = (item: unknown) => item !== null && typeof item === 'object' && Object.isFrozen(item);

/** How deep the envelope around shared answers goes before the rest is left to JSON.stringify. */
const ENVELOPE_DEPTH = 4;

/**
 * `Buffer.from(JSON.stringify(value))`, byte for byte, except that a frozen object or array met near the top (an
 * answer the services keep and share between requests; they freeze it) is serialized and UTF-8-encoded once and its
 * bytes reused. Why bytes, not text: a 5.7 KB answer of Cyrillic phrases cost more to encode on every write (and to
 * measure for Content-Length) than to build. The envelope around shared parts (/v1's task frame, per request) is
 * written here; deeper values by JSON.stringify.
 */
export function jsonBytes(value: unknown): Buffer {
  const chunks: (string | Buffer)[] = [];
  write(value, 0, chunks);
  if (chunks.length === 1 && typeof chunks[0] !== 'string') return chunks[0]!;
  // Adjacent text is joined first, so a body with no shared part is encoded in one piece.
  const parts: Buffer[] = [];
  let text = '';
  for (const chunk of chunks) {
    if (typeof chunk === 'string') text += chunk;
    else {
      if (text) parts.push(Buffer.from(text));
      text = '';
      parts.push(chunk);
    }
  }
  if (text) parts.push(Buffer.from(text));
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** Appends the JSON of `value` to `out`; false when JSON leaves it out (undefined, a function, a symbol). */
function write(value: unknown, depth: number, out: (string | Buffer)[]): boolean {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) return false;
    out.push(text);
    return true;
  }
  if (Object.isFrozen(value)) {
    let bytes = written.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(value));
      written.set(value, bytes);
    }
    out.push(bytes);
    return true;
  }
  if (depth >= ENVELOPE_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    out.push(JSON.stringify(value));
    return true;
  }
  if (Array.isArray(value)) {
    // A long list with no shared element (core_clean's 10,000 phrases) in one JSON.stringify: walked here it made
    // ~30,000 small chunks, twice the time and a garbage collection per request (bench/README.md, core-workbook).
    if (value.length > LONG_LIST && !value.some(isShared)) {
      out.push(JSON.stringify(value));
      return true;
    }
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      if (!write(value[i], depth + 1, out)) out.push('null');
    }
    out.push(']');
    return true;
  }
  out.push('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const mark = out.length;
    out.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    if (write((value as Record<string, unknown>)[key], depth + 1, out)) first = false;
    else out.length = mark; // left out, as JSON.stringify does
  }
  out.push('}');
  return true;
}
