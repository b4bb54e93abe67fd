import { LIMITS } from './core-operations.js';
import { V3_STATUS, V3_VERSION } from './envelope.js';
import type { V3Route } from './routes.js';

/** Where the /v3 document is served (without a key, like /openapi.json). */
export const V3_OPENAPI_PATH = '/v3/openapi.json';

const envelope = {
  type: 'object',
  required: ['version', 'status_code', 'status_message', 'time', 'cost', 'tasks_count', 'tasks_error', 'tasks'],
  properties: {
    version: { type: 'string' },
    status_code: { type: 'integer', description: 'See GET /v3/appendix/errors.' },
    status_message: { type: 'string' },
    time: { type: 'string', example: '0.0123 sec.' },
    cost: { type: 'number' },
    tasks_count: { type: 'integer' },
    tasks_error: { type: 'integer' },
    tasks: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          status_code: { type: 'integer' },
          status_message: { type: 'string', description: 'On an error, names the field at fault.' },
          time: { type: 'string' },
          cost: { type: 'number' },
          result_count: { type: 'integer' },
          path: { type: 'array', items: { type: 'string' } },
          data: { type: 'object', additionalProperties: true },
          result: { type: ['array', 'null'], items: { type: 'object', additionalProperties: true } },
        },
      },
    },
  },
} as const;

/** A POST's body: an array of tasks (one on a live path), each as the route's body schema says. */
function requestBodyOf(route: V3Route) {
  const items = route.body ?? { type: 'object' };
  const bounds = route.live ? { minItems: 1, maxItems: 1 } : { minItems: 1, maxItems: LIMITS.tasksPerPost };
  return { required: true, content: { 'application/json': { schema: { type: 'array', items, ...bounds } } } };
}

const answer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } });

/**
 * The OpenAPI document of the /v3 face, made from its route table: every path and method, the two ways to
 * authenticate, and the format's status policy (200 with the status in the envelope; 401, 404, 500). The row
 * shapes are the format's own (docs/v3.md says which fields are Wordstat's).
 */
export function v3OpenApiDocument(routes: readonly V3Route[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: {
        operationId: route.operationId ?? route.operation,
        summary: route.summary,
        tags: [route.path.split('/')[2]],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.method === 'POST' ? { requestBody: requestBodyOf(route) } : {}),
        responses: {
          200: answer('The envelope: the outcome in status_code of the envelope and of each task (errors included)'),
          401: answer('No valid key (status_code 40100)'),
          404: answer('No such route, or a method the path does not take (status_code 40400; Allow names the methods)'),
          500: answer('A fault of the service (status_code 50000)'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Search-demand statistics: the keyword-data format on /v3',
      version: V3_VERSION,
      description: `Yandex Wordstat figures in the keyword-data format's own paths and shapes, for its clients. Status codes sent: ${Object.values(V3_STATUS).map((s) => s.code).join(', ')}.`,
    },
    servers: [{ url: '/', description: 'this server' }],
    security: [{ basic: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: 'Any login; the API key as password.' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The API key.' },
      },
      schemas: { Envelope: envelope },
    },
    paths,
  };
}
