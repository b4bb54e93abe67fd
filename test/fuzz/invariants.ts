import type { FuzzRequest } from './arbitraries.js';

/** What a response looked like, for the checks and for the message when one fails. */
export interface Observed {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Operations whose 503 is expected with the fuzzer's app: usage reports need a database, and the test app has
 * none by design (a memory ledger). Every other 5xx is a failure: the demo source never fails.
 */
const USAGE = /^\/v1\/usage\b|\busage\b/;

const isFiveDigit = (value: unknown) => Number.isInteger(value) && (value as number) >= 10000 && (value as number) <= 99999;

function parse(observed: Observed): any {
  try {
    return JSON.parse(observed.text);
  } catch {
    return undefined;
  }
}

/** The problems with one response, as short sentences (none = the invariants hold). */
export function violations(request: FuzzRequest, observed: Observed): string[] {
  const problems: string[] = [];
  const path = request.path.split('?')[0]!;
  const usage = USAGE.test(path) || (path === '/graphql' && USAGE.test(String(request.body ?? request.path)));
  if (observed.status >= 500 && !(usage && observed.status === 503)) problems.push(`HTTP ${observed.status}`);
  if (request.method === 'HEAD') return problems;
  // A CORS preflight is answered before routing, with no body: only its status is checked.
  if (request.method === 'OPTIONS' && observed.status < 400) return problems;
  const json = parse(observed);

  if (path.startsWith('/v1')) {
    if (!json || typeof json !== 'object') return [...problems, '/v1 answer is not JSON'];
    if (observed.status >= 400) {
      if (!isFiveDigit(json.status_code)) problems.push(`/v1 status_code ${json.status_code} is not 5 digits`);
      if (json.cost !== 0) problems.push(`/v1 error cost ${json.cost}, not 0`);
      const task = json.tasks?.[0];
      if (!task) problems.push('/v1 error without a task');
      else {
        if (!isFiveDigit(task.status_code)) problems.push(`/v1 task status_code ${task.status_code} is not 5 digits`);
        if (task.cost !== 0) problems.push(`/v1 task cost ${task.cost}, not 0`);
        if (typeof task.status_message !== 'string' || task.status_message === '') problems.push('/v1 task without status_message');
      }
    } else if (json.status_code !== 20000) problems.push(`/v1 success with status_code ${json.status_code}`);
  } else if (path === '/graphql') {
    // GraphiQL (text/html) and streamed answers (SSE, multipart) are not JSON; their status was checked above.
    if (!observed.contentType.includes('json')) return problems;
    if (!json || typeof json !== 'object') return [...problems, 'GraphQL JSON answer does not parse'];
    if (json.errors !== undefined) {
      if (!Array.isArray(json.errors) || json.errors.length === 0) problems.push('GraphQL errors is not a non-empty list');
      for (const error of Array.isArray(json.errors) ? json.errors : []) {
        const code = error?.extensions?.code;
        if (typeof code !== 'string' || code === '') problems.push(`GraphQL error without extensions.code: ${JSON.stringify(error).slice(0, 200)}`);
      }
      // Refused before any field ran (no `data`): nothing was fetched, so nothing may be billed.
      if (json.data === undefined && json.extensions?.cost !== undefined && json.extensions.cost !== 0) {
        problems.push(`GraphQL refusal billed ${json.extensions.cost}`);
      }
    } else if (observed.status >= 400) problems.push(`GraphQL HTTP ${observed.status} without errors`);
    else if (json.data === undefined) problems.push('GraphQL answer with neither data nor errors');
  } else if (observed.status >= 400) {
    // /v2 and every other path answer errors as problem details.
    if (!observed.contentType.includes('application/problem+json')) problems.push(`error content-type ${observed.contentType}`);
    if (!json || typeof json !== 'object') return [...problems, 'problem body is not JSON'];
    for (const field of ['type', 'title', 'detail'] as const) {
      if (typeof json[field] !== 'string' || json[field] === '') problems.push(`problem without ${field}`);
    }
    if (json.status !== observed.status) problems.push(`problem status ${json.status} ≠ HTTP ${observed.status}`);
  }
  return problems;
}
