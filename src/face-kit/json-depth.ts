import { DomainError } from '../domain/errors.js';

/**
 * How deep a request's JSON may nest arrays and objects, the outermost one being level 1, on every face (REST
 * bodies, task_post, GraphQL variables and extensions, MCP messages, the admin API). The deepest real request is
 * an MCP batch (`[{params: {arguments: {keywords: [...]}}}]`, 5 levels); nothing of ours reads deeper. Past it a
 * value is refused with 400 before anything walks it: a body nested 5,000 deep in `keywords` overflowed the stack
 * of the /v1 error echo (JSON.stringify is recursive) and answered 500. Request text is checked before it is
 * parsed (JSON.parse is not recursive in V8, but a 1 MiB body of brackets costs it 0.2 s, 25 times a flat one);
 * a value parsed elsewhere (Yoga's GET parameters, an MCP stdio line) is checked as a value. Neither recurses.
 */
export const MAX_JSON_DEPTH = 32;

/** A step into a JSON value: an object key or an array index. */
export type JsonPathPart = string | number;

/**
 * The path to the first array or object nested deeper than `max` in a parsed JSON value (depth first, in
 * document order), or undefined when the value stays within it. Iterative, and it only descends into arrays and
 * objects, so its cost is the number of containers and members, not of the text.
 */
export function tooDeepPath(value: unknown, max = MAX_JSON_DEPTH): JsonPathPart[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (max < 1) return [];
  // One frame per open container: its keys (undefined for an array), the next position; `path` holds the steps
  // from the top to the container being read.
  const stack: Frame[] = [frameOf(value)];
  const path: JsonPathPart[] = [];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const { container, keys } = frame;
    const size = keys ? keys.length : (container as unknown[]).length;
    if (frame.next >= size) {
      stack.pop();
      path.pop();
      continue;
    }
    const step: JsonPathPart = keys ? keys[frame.next]! : frame.next;
    frame.next++;
    const child = (container as Record<JsonPathPart, unknown>)[step];
    if (child === null || typeof child !== 'object') continue;
    path.push(step);
    if (stack.length + 1 > max) return path;
    stack.push(frameOf(child));
  }
  return undefined;
}

interface Frame {
  container: object;
  keys: string[] | undefined;
  next: number;
}

const frameOf = (container: object): Frame => ({ container, keys: Array.isArray(container) ? undefined : Object.keys(container), next: 0 });

/**
 * The same path as tooDeepPath, found in JSON text before it is parsed: one pass counting brackets outside
 * strings (a few hundred nanoseconds for a usual body), and only when the text nests too deep a second pass up to
 * that bracket to name the path. Text that is not JSON gets an answer of no meaning; its parse fails next anyway.
 */
export function tooDeepTextPath(text: string, max = MAX_JSON_DEPTH): JsonPathPart[] | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return pathToOffset(text, i);
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** The index of the quote closing the string that opens at `start` (the text's end when it is not closed). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}

/** The steps from the top of `text` to the container opening at `offset`. */
function pathToOffset(text: string, offset: number): JsonPathPart[] {
  const frames: { array: boolean; step: JsonPathPart }[] = [];
  let lastString = '';
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      lastString = text.slice(i, end + 1);
      i = end;
    } else if (c === COLON && top && !top.array) top.step = keyOf(lastString);
    else if (c === COMMA && top?.array) top.step = (top.step as number) + 1;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) frames.push({ array: c === OPEN_ARRAY, step: c === OPEN_ARRAY ? 0 : '' });
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) frames.pop();
  }
  return frames.map((frame) => frame.step);
}

function keyOf(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/**
 * The request field a path lies in, as the REST faces and the admin API name fields: the first object key on it
 * (`keywords` for `[0, "keywords", 0, 0, …]`: /v1 posts an array of tasks), or `body` when the nesting starts
 * at the top.
 */
function bodyFieldOf(path: readonly JsonPathPart[]): string {
  return path.find((part): part is string => typeof part === 'string') ?? 'body';
}

/** Longest field name echoed: the name is the client's own key, which may be as long as the body. */
const MAX_FIELD_ECHO = 100;

/** The refusal of a value nested too deep: INVALID_FIELD naming `field`, reason `too_deep`, 400 on every face. */
export function tooDeepError(field: string, max = MAX_JSON_DEPTH): DomainError {
  const named = field.length > MAX_FIELD_ECHO ? `${field.slice(0, MAX_FIELD_ECHO)}…` : field;
  return new DomainError('INVALID_FIELD', `${named}: JSON nested deeper than ${max} levels is not accepted`, {
    field: named,
    reason: 'too_deep',
    params: { max },
  });
}

/** Throws tooDeepError when the parsed `value` nests deeper than MAX_JSON_DEPTH, naming the field with `fieldOf`. */
export function assertJsonDepth(value: unknown, fieldOf: (path: readonly JsonPathPart[]) => string = bodyFieldOf): void {
  const path = tooDeepPath(value);
  if (path) throw tooDeepError(fieldOf(path));
}

/** The same for JSON text, before it is parsed. */
export function assertJsonTextDepth(text: string, fieldOf: (path: readonly JsonPathPart[]) => string = bodyFieldOf): void {
  const path = tooDeepTextPath(text);
  if (path) throw tooDeepError(fieldOf(path));
}
