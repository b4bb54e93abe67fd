import { Request } from '@whatwg-node/fetch';
import type { Plugin } from 'graphql-yoga';
import { DomainError } from '../domain/errors.js';
import { assertJsonDepth, assertJsonTextDepth, type JsonPathPart } from '../face-kit/json-depth.js';
import { jsonResponse } from '../face-kit/json-response.js';
import { MAX_BODY_BYTES, readTextBody } from '../face-kit/request-body.js';
import { domainToGraphQLError } from './errors.js';

/**
 * The GraphQL request parser with the service's body limit: reads at most 1 MiB (413 past it), then hands the
 * bytes to Yoga's own parser. Malformed `variables`/`extensions` of GET and form requests (Yoga parses them
 * with a bare JSON.parse) become a 400 naming `variables`, not a 500. Parameters nested deeper than
 * MAX_JSON_DEPTH are refused as every face refuses them (400 BAD_USER_INPUT, reason `too_deep`), naming the
 * variable (`$phrases`), before Yoga or graphql-js walks them.
 */
export function useBodyLimit(limit = MAX_BODY_BYTES): Plugin {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      setRequestParser(async (request) => {
        try {
          if (request.method !== 'POST') {
            const params = await requestParser(request);
            assertJsonDepth(params, graphQLParamOf);
            return params;
          }
          const body = await readTextBody(request, limit);
          assertJsonTextDepth(body, graphQLParamOf);
          // Yoga's own Request class: the global one costs more to build (signal, streams) than the parse.
          return await requestParser(new Request(request.url, { method: 'POST', headers: request.headers, body }));
        } catch (caught) {
          const error =
            caught instanceof SyntaxError
              ? new DomainError('INVALID_JSON', `variables or extensions are not valid JSON: ${caught.message}`, { field: 'variables' })
              : caught;
          if (error instanceof DomainError) return jsonResponse({ errors: [domainToGraphQLError(error).toJSON()] }, error.status);
          throw error;
        }
      });
    },
  };
}

/** A variable as GraphQL names it (`$phrases`); otherwise the request parameter (`extensions`). */
function graphQLParamOf(path: readonly JsonPathPart[]): string {
  const [param, name] = typeof path[0] === 'number' ? path.slice(1) : path; // a batch: [index, …]
  if (param === 'variables' && typeof name === 'string') return `$${name}`;
  return typeof param === 'string' ? param : 'body';
}
