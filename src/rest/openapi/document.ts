import { z } from 'zod';
import { DomainError, type ErrorCode } from '../../domain/errors.js';
import { presentProblem } from '../problem.js';
import type { Family, RestRoute } from '../routes.js';
import { presentEnvelopeError } from '../v1/envelope.js';
import { openApiComponents } from '../../operations/schemas/components.js';
import { ROUTE_DOCS } from './route-docs.js';
import { csvContent, csvParameters } from './csv-docs.js';
import { envelopeErrorSchema } from '../../operations/schemas/v1.js';
import { problemSchema } from '../../operations/schemas/v2.js';

type Json = Record<string, unknown>;

const COMPONENT_URI = (id: string) => `#/components/schemas/${id}`;

/** The error statuses every data route can answer, with the condition and an example error code. */
const ERRORS: [status: number, description: string, code: ErrorCode, message: string][] = [
  [400, 'Invalid request: a field is missing, of the wrong type or out of range; or the body is not JSON', 'INVALID_FIELD', 'numPhrases must be at most 2000'],
  [401, 'Missing, malformed or unknown API key', 'UNAUTHENTICATED', 'a valid API key is required: Authorization: Bearer <key>'],
  [403, 'The quota at the source is exhausted', 'SOURCE_QUOTA_EXHAUSTED', 'the source quota is exhausted; retry after the hour turns'],
  [413, 'The body is larger than 1 MiB', 'PAYLOAD_TOO_LARGE', 'the request body is larger than 1048576 bytes'],
  [429, 'The source limited the request rate; retry after Retry-After seconds', 'SOURCE_RATE_LIMITED', 'the source rate limit was reached'],
  [500, 'A request to the source failed, or an internal error', 'SOURCE_FAILED', 'the source rejected the request'],
  [503, 'The source is not configured or unavailable', 'SOURCE_UNAVAILABLE', 'the statistics source is not configured'],
];

const ref = (schema: z.ZodType): Json => {
  const id = openApiComponents.get(schema)?.id;
  if (!id) throw new Error('response schemas must be registered as components');
  return { $ref: COMPONENT_URI(id) };
};

/** JSON Schema of a zod schema, without the dialect marker (the document's dialect applies). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return rest;
}

function componentSchemas(): Json {
  const { schemas } = z.toJSONSchema(openApiComponents, { target: 'draft-2020-12', io: 'output', uri: COMPONENT_URI });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
      return [id, rest];
    }),
  );
}

function errorResponses(family: Family, path: string): Json {
  return Object.fromEntries(
    ERRORS.map(([status, description, code, message]) => {
      const error = new DomainError(code, message, code === 'INVALID_FIELD' ? { field: 'numPhrases' } : {});
      const example =
        family === 'v1'
          ? presentEnvelopeError({ path, body: {}, startedAt: 0, now: 4 }, error)
          : presentProblem(error);
      const headers: Json = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
      if (status === 401) {
        headers['WWW-Authenticate'] = {
          description: 'Bearer; with OAuth on (OAUTH_ISSUER), also where its RFC 9728 metadata is',
          schema: { type: 'string', pattern: '^Bearer( resource_metadata="[^"]+")?$', examples: ['Bearer', 'Bearer resource_metadata="https://stats.example.com/.well-known/oauth-protected-resource"'] },
        };
      }
      if (status === 429 || status === 503) headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
      const content =
        family === 'v1'
          ? { 'application/json': { schema: ref(envelopeErrorSchema), example } }
          : { 'application/problem+json': { schema: ref(problemSchema), example } };
      return [String(status), { description, headers, content }];
    }),
  );
}

/** A route's documentation: its own (a route derived from an operation), or the table's. */
const docOf = (route: RestRoute) => route.doc ?? ROUTE_DOCS[route.path];

/** The request body's JSON Schema with the documented field descriptions added. */
function requestSchema(route: RestRoute): Json {
  const schema = jsonSchema(route.schema, 'input');
  const fields = docOf(route)?.fields ?? {};
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  for (const [name, description] of Object.entries(fields)) {
    if (properties[name]) properties[name] = { ...properties[name], description };
  }
  return schema;
}

/** A GET route's fields as query parameters (its schema is flat and optional). */
function queryParameters(route: RestRoute): Json[] {
  const schema = requestSchema(route);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const example = (docOf(route)?.requestExample ?? {}) as Record<string, unknown>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
    ...(property.description ? { description: property.description } : {}),
    ...(example[name] === undefined ? {} : { example: example[name] }),
  }));
}

function operation(route: RestRoute): Json {
  const doc = docOf(route);
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  }));
  const input =
    (route.method ?? 'POST') !== 'POST'
      ? { parameters: [...pathParameters, ...queryParameters(route)] }
      : {
          ...(csvParameters(route).length > 0 ? { parameters: csvParameters(route) } : {}),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: requestSchema(route),
                ...(doc ? { example: doc.requestExample } : {}),
              },
            },
          },
        };
  return {
    operationId: route.operation,
    summary: route.summary,
    tags: [route.envelope === 'own' ? 'tasks (v1)' : route.family === 'v1' ? 'keyword-data (v1)' : 'native (v2)'],
    ...input,
    responses: {
      '200': {
        description: doc?.file ? `The file (${doc.file})` : route.family === 'v1' ? 'The task envelope with the result items' : 'The result',
        headers: {
          'X-Cache': { $ref: '#/components/headers/X-Cache' },
          'X-Cost': { $ref: '#/components/headers/X-Cost' },
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
        },
        content: doc?.file
          ? { [doc.file]: { schema: { type: 'string', contentMediaType: doc.file } } }
          : {
              'application/json': doc ? { schema: ref(doc.response), example: doc.responseExample } : { schema: { type: 'object' } },
              ...csvContent(route),
            },
      },
      ...errorResponses(route.family, route.path),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the given REST routes: request bodies from the same zod schemas that validate
 * them, responses from the schemas in this folder, errors as each family presents them.
 */
export function buildOpenApiDocument(routes: readonly RestRoute[]): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Search-demand statistics API',
      version: '1.0.0',
      description:
        'Search demand from Yandex Wordstat: the keyword-data family (/v1, task envelope) and the native family ' +
        '(/v2). The same data is available over GraphQL at /graphql (schema at /graphql with introspection).',
    },
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'keyword-data (v1)', description: 'Task-envelope format; errors use the envelope with 5-digit codes.' },
      { name: 'native (v2)', description: 'Native shapes; errors are RFC 9457 problem details.' },
      {
        name: 'tasks (v1)',
        description:
          'Post now, collect later: task_post, tasks_ready, task_get/{id} (GET polls for free, DELETE cancels). Tasks wait ' +
          'for the upstream budget instead of being refused; they are billed once, when they end.',
      },
    ],
    // A path may carry several methods (task_get/{id}: GET reads, DELETE cancels).
    paths: routes.reduce<Record<string, Json>>((paths, route) => {
      paths[route.path] = { ...paths[route.path], [(route.method ?? 'POST').toLowerCase()]: operation(route) };
      return paths;
    }, {}),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`.' },
      },
      headers: {
        'X-Cache': {
          description: 'HIT: wholly from cache; STALE: a kept answer stood in for a failed source; MISS otherwise.',
          schema: { type: 'string', enum: ['HIT', 'MISS', 'STALE'] },
        },
        'X-Cost': { description: 'Price of the call (0 for a failed call).', schema: { type: 'string', examples: ['1', '0.1'] } },
        'X-Request-Id': { description: 'The request id (the client’s X-Request-Id when it is a sane token).', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds after which a retry may succeed.', schema: { type: 'integer', minimum: 1 } },
      },
      schemas: componentSchemas(),
    },
  };
}
