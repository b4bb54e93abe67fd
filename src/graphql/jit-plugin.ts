import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';

/**
 * Runs of one operation of one document with graphql-js before it is compiled. Compiling costs far more than
 * a run (about 2 ms for the hit-path query, 10 ms for ten aliased fields, 50 ms for a hundred, while a run
 * of the hit-path query takes well under 1 ms) and blocks the event loop meanwhile; only a query that keeps
 * coming back repays it, and a client cycling through fresh documents never triggers it.
 */
export const COMPILE_AFTER_RUNS = 100;

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as Promise<T>)?.then === 'function';

/** graphql-js writes `errors` before `data`; graphql-jit the other way: answers keep one byte order. */
function inGraphQLJsOrder(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const { errors, data, ...rest } = result;
  return { errors, data, ...rest };
}

/** Per operation name: the runs so far, then what compiling gave. */
type Operations = Map<string, number | CompiledQuery | 'not-compilable'>;

/**
 * Executes hot documents with graphql-jit: a document compiled into a JavaScript function runs without
 * graphql-js's per-request walk of its selections (about a quarter less CPU per GraphQL cache hit,
 * bench/graphql-hit-loop.ts). Every other hook (plan, limits, billing, masking) runs as before: only the
 * executor changes.
 *
 * Written on graphql-jit itself rather than @envelop/graphql-jit, which compiles every document on first
 * sight and answers a document the compiler refuses with the compiler's errors. Here compiling waits for
 * COMPILE_AFTER_RUNS runs, and a document graphql-jit cannot compile keeps graphql-js's executor. Yoga's
 * parse cache hands back the same DocumentNode for the same text, so identity tells a repeat; counts and
 * compiled queries live as long as their documents (WeakMap), which Yoga's bounded cache bounds.
 */
export function useJitForHotDocuments(): Plugin {
  const byDocument = new WeakMap<DocumentNode, Operations>();
  return {
    onExecute({ args, setExecuteFn }) {
      const compiled = compiledFor(args);
      if (!compiled) return;
      setExecuteFn((executing: ExecutionArgs) => {
        const result = compiled.query(executing.rootValue, executing.contextValue, executing.variableValues);
        return isPromise(result) ? result.then(inGraphQLJsOrder) : inGraphQLJsOrder(result);
      });
    },
  };

  function compiledFor(args: ExecutionArgs): CompiledQuery | undefined {
    const name = args.operationName ?? '';
    let operations = byDocument.get(args.document);
    if (!operations) byDocument.set(args.document, (operations = new Map()));
    const entry = operations.get(name) ?? 0;
    if (typeof entry !== 'number') return entry === 'not-compilable' ? undefined : entry;
    if (entry < COMPILE_AFTER_RUNS) {
      operations.set(name, entry + 1);
      return undefined; // graphql-js
    }
    const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    const compiled = isCompiledQuery(result) ? result : undefined;
    operations.set(name, compiled ?? 'not-compilable');
    return compiled;
  }
}
