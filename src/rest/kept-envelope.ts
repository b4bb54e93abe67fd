import { randomUUID } from 'node:crypto';
import { jsonBytes } from '../http/json-bytes.js';
import { formatSeconds, presentEnvelope } from './v1/envelope.js';

/**
 * The /v1 success envelope of a kept answer as bytes with three holes: the envelope's `time`, the task's `id` and the
 * task's `time`, the only fields that differ between two requests with the same body (the cost of a kept answer is
 * the repeat price every time). Each request fills the holes instead of serializing the envelope again (its `data`
 * echo of Cyrillic keywords was re-encoded on every hit). Built by presentEnvelope itself, so the bytes are the
 * pipeline's bytes.
 */
export interface EnvelopeTemplate {
  fill(startedAt: number, now: number): Buffer;
}

/** A placeholder no field before `data` can hold; JSON writes it as `"\u0001"`. */
const HOLE = '\u0001';
const HOLE_JSON = Buffer.from(JSON.stringify(HOLE));

/** The template, or undefined if the holes are not where the format puts them (then the envelope is built per request). */
export function envelopeTemplate(path: string, body: unknown, result: readonly unknown[], cost: number): EnvelopeTemplate | undefined {
  const envelope = presentEnvelope({ path, body, startedAt: 0, now: 0 }, result as unknown[], cost);
  envelope.time = HOLE;
  envelope.tasks[0]!.id = HOLE;
  envelope.tasks[0]!.time = HOLE;
  const bytes = jsonBytes(envelope);
  // The three holes come first, in this order, before `data` (where the request's own text is echoed).
  const dataAt = bytes.indexOf('"data":');
  const holes: number[] = [];
  for (let from = 0, i = 0; i < 3; i++) {
    const at = bytes.indexOf(HOLE_JSON, from);
    if (at === -1 || (dataAt !== -1 && at > dataAt)) return undefined;
    holes.push(at);
    from = at + HOLE_JSON.length;
  }
  const [t1, id, t2] = holes as [number, number, number];
  const parts = [bytes.subarray(0, t1), bytes.subarray(t1 + HOLE_JSON.length, id), bytes.subarray(id + HOLE_JSON.length, t2), bytes.subarray(t2 + HOLE_JSON.length)];
  const [head, afterTime, afterId, tail] = parts as [Buffer, Buffer, Buffer, Buffer];
  const fixed = head.length + afterTime.length + afterId.length + tail.length;
  return {
    // The two texts are ASCII with nothing to escape (a time such as "0.0012 sec." and a UUID), so they are quoted by
    // hand and written byte by byte into the answer's one buffer: no Buffer per text, no concat, no JSON.stringify,
    // and TypedArray#set for the fixed parts (1.0 → 0.7 µs a fill in isolation).
    fill(startedAt, now) {
      const time = `"${formatSeconds(now - startedAt)}"`;
      const task = `"${randomUUID()}"`;
      const out = answerBuffer(fixed + 2 * time.length + task.length);
      out.set(head, 0);
      let at = head.length;
      at = writeAscii(out, at, time);
      out.set(afterTime, at);
      at = writeAscii(out, at + afterTime.length, task);
      out.set(afterId, at);
      at = writeAscii(out, at + afterId.length, time);
      out.set(tail, at);
      return out;
    },
  };
}

/** Writes an ASCII text at `at`, one byte per character; returns where it ends. */
function writeAscii(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** Bytes of one slab that answers are cut from. */
const SLAB_BYTES = 256 * 1024;
let slab = Buffer.allocUnsafe(SLAB_BYTES);
let slabUsed = 0;

/**
 * A buffer for one answer, cut from a shared slab as Node's own pool does for buffers under 4 KiB: a kept /v1 answer
 * is 2–8 KiB, and a fresh ArrayBuffer for each was 2 % of a /v1 cache hit's CPU (bench/README.md, "The hit path,
 * 2026-11-27, second pass"). A slab is never written twice; it is freed once no answer cut from it is held.
 */
function answerBuffer(size: number): Buffer {
  if (size > SLAB_BYTES / 8) return Buffer.allocUnsafe(size);
  if (slabUsed + size > SLAB_BYTES) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + size);
  slabUsed += size;
  return out;
}
