import type { ExecutionResult, GraphQLFormattedError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type Extensions = { http?: { status?: number; spec?: boolean } } & Record<string, unknown>;

/**
 * Yoga uses `extensions.http` to pick the response status and then strips it from the body; the contract
 * wants clients to see `extensions.http.status` too. This keeps the status (not the headers) in the body.
 */
export function useHttpStatusExtension(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || Symbol.asyncIterator in (result as object)) return;
      const single = result as ExecutionResult & { stringify?: (r: ExecutionResult) => string };
      // Spec-level errors (syntax, validation) get 200 or 400 by the Accept header: leave those to Yoga.
      const statuses = single.errors?.map((e) => {
        const http = (e.extensions as Extensions | undefined)?.http;
        return http?.spec ? undefined : http?.status;
      });
      if (!statuses?.some((s) => s !== undefined)) return;
      const inner = single.stringify ?? JSON.stringify;
      setResult({
        ...single,
        stringify: (sanitized: ExecutionResult) =>
          inner({
            ...sanitized,
            errors: sanitized.errors?.map((error, i) => {
              const json: GraphQLFormattedError = typeof error.toJSON === 'function' ? error.toJSON() : error;
              const status = statuses[i];
              return status === undefined ? json : { ...json, extensions: { ...json.extensions, http: { status } } };
            }) as ExecutionResult['errors'],
          }),
      } as ExecutionResult);
    },
  };
}
