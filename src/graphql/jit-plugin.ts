import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as Promise<T>)?.then === 'function';

/** graphql-js writes `errors` before `data`; graphql-jit the other way: answers keep one byte order. */
function inGraphQLJsOrder(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const { errors, data, ...rest } = result;
  return { errors, data, ...rest };
}

/** A document seen once (not compiled yet), or what compiling it gave per operation name. */
type Compiled = Map<string, CompiledQuery | 'not-compilable'>;

/**
 * Executes repeated documents with graphql-jit: a document compiled once into a JavaScript function runs
 * without graphql-js's per-request walk of its selections (about a quarter less CPU per GraphQL cache hit,
 * bench/graphql-hit-loop.ts). Every other hook (plan, limits, billing, masking) runs as before: only the
 * executor changes.
 *
 * Written on graphql-jit itself rather than @envelop/graphql-jit, which compiles every document on first
 * sight and answers a document the compiler refuses with the compiler's errors. Here compiling waits for a
 * document's second run (one run costs less than compiling: a client sending fresh text each time pays
 * graphql-js's price, not the compiler's), and a document graphql-jit cannot compile keeps graphql-js's
 * executor. Yoga's parse cache hands back the same DocumentNode for the same text, so identity tells a
 * repeat; compiled queries live as long as their documents (WeakMap), which Yoga's bounded cache bounds.
 */
export function useJitForRepeatedDocuments(): Plugin {
  const byDocument = new WeakMap<DocumentNode, Compiled>();
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
    const operation = args.operationName ?? '';
    const seen = byDocument.get(args.document);
    if (!seen) {
      byDocument.set(args.document, new Map());
      return undefined; // first run: graphql-js
    }
    let entry = seen.get(operation);
    if (!entry) {
      const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
      entry = isCompiledQuery(result) ? result : 'not-compilable';
      seen.set(operation, entry);
    }
    return entry === 'not-compilable' ? undefined : entry;
  }
}
