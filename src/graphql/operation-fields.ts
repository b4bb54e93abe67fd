import { taskBasePath } from '../operations/task-specs.js';
import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  GraphQLFloat,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  valueFromASTUntyped,
} from 'graphql';
import { DomainError } from '../domain/errors.js';
import { WorkbookFile } from '../services/files/workbook-file.js';
import { z } from 'zod';
import { parseBody } from '../domain/requests/parse.js';
import { livePlanOf, runLive } from '../operations/live.js';
import type { Operation } from '../operations/operation.js';
import type { OperationRegistry } from '../operations/registry.js';
import { restBodyOf } from './argument-names.js';
import type { GraphQLContext } from './context.js';
import type { FieldPlanner } from './field-plan.js';

/*
 * A Query field derived from an operation that declares `graphql: { field }` and has no hand-made field: its
 * arguments are the operation's input fields in camelCase (argument-names.ts maps them back and names errors in
 * their terms), its plan is the operation's plan (operation-plan.ts reads it from the field's extensions), its
 * result the operation's answer as JSON. The hand-made fields (top, keywords, …) keep their designed types.
 */

/** The answer of a derived field, as JSON. */
const OperationResult = new GraphQLScalarType({
  name: 'OperationResult',
  description: "An operation's answer as JSON (a field derived from the operation registry).",
  serialize: (value) => value,
});

/**
 * An input object of an operation (core_workbook's `clean`, `clusters`, `intent`: other operations' answers, sent
 * back as they came) as JSON: the operation's one schema checks it, naming its fields, as on REST.
 */
const JsonInput = new GraphQLScalarType({
  name: 'JSONInput',
  description: "A JSON value an operation takes as it is (another operation's answer), checked by the operation's schema.",
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

/**
 * Largest file a derived field answers inline (base64 in `content_base64`): GraphQL answers are JSON held whole, so
 * a bigger workbook is refused after it is written, pointing at the REST route, which streams it.
 */
const MAX_INLINE_FILE_BYTES = 6 * 1024 * 1024;

/** A file answer (core_workbook's) as JSON: its summary and its bytes in base64, within MAX_INLINE_FILE_BYTES. */
async function inlineFile(file: WorkbookFile, op: Operation): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file.chunks()) {
    size += chunk.length;
    if (size > MAX_INLINE_FILE_BYTES) {
      throw new DomainError('PAYLOAD_TOO_LARGE', `the file is over ${MAX_INLINE_FILE_BYTES / 1024 / 1024} MiB, more than a GraphQL answer carries: POST ${op.rest?.path ?? 'the REST route'} streams it`);
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  return { ...file.summary, size: bytes.length, content_base64: bytes.toString('base64') };
}

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

type JsonSchema = { type?: string | string[]; items?: JsonSchema; description?: string; enum?: unknown[] };

/** A JSON Schema property as a GraphQL input type: scalars and lists of them; anything else is a string. */
function inputTypeOf(schema: JsonSchema): GraphQLInputType {
  switch (schema.type) {
    case 'integer':
      return GraphQLInt;
    case 'number':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'array':
      return new GraphQLList(new GraphQLNonNull(inputTypeOf(schema.items ?? {})));
    case 'object':
      return JsonInput;
    default:
      return GraphQLString;
  }
}

const pascalCase = (name: string) => camelCase(name).replace(/^[a-z]/, (c) => c.toUpperCase());
const ENUM_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * A list of enum values (core_clean's `measure`) as a list of a GraphQL enum named after the operation and the
 * field (`CoreCleanMeasure`, values in upper case: `[EXACT]`), the value the operation's schema takes. A single
 * enum value stays a String: the derived fields published before (device, mode) took strings, and still do.
 */
function enumListOf(op: Operation, name: string, schema: JsonSchema): GraphQLInputType | undefined {
  const values = schema.type === 'array' ? schema.items?.enum : undefined;
  if (!values?.every((v): v is string => typeof v === 'string' && ENUM_NAME.test(v.toUpperCase()))) return undefined;
  const type = new GraphQLEnumType({
    name: `${pascalCase(op.name)}${pascalCase(name)}`,
    values: Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])),
  });
  return new GraphQLList(new GraphQLNonNull(type));
}

/** The arguments of an operation's input, in camelCase, required where the input requires them. */
function argumentsOf(op: Operation): GraphQLFieldConfigArgumentMap {
  const json = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, property]) => {
      const type = enumListOf(op, name, property) ?? inputTypeOf(property);
      const description = op.fields[name];
      return [camelCase(name), { type: required.has(name) ? new GraphQLNonNull(type) : type, ...(description ? { description } : {}) }];
    }),
  );
}

/** The input of a derived field's arguments: their REST names, checked by the operation's one schema. */
const inputOf = (op: Operation, args: Readonly<Record<string, unknown>>) => parseBody(op.input, restBodyOf(args));

/** The Query field of an operation. */
function operationField(op: Operation): GraphQLFieldConfig<unknown, GraphQLContext> {
  const plan: FieldPlanner = (args, ctx) => {
    const input = inputOf(op, args);
    return { calls: livePlanOf(op, input, ctx), ...(op.searches ? { searches: op.searches(input as never, ctx) } : {}), ...(op.task ? { taskOperation: op.name, taskRoute: `${taskBasePath(op)}/task_post` } : {}) };
  };
  return {
    type: new GraphQLNonNull(OperationResult),
    description: op.description,
    args: argumentsOf(op),
    extensions: { plan },
    resolve: async (_root, args: Record<string, unknown>, ctx) => {
      const result = await runLive(op, inputOf(op, args), ctx);
      return result instanceof WorkbookFile ? inlineFile(result, op) : result;
    },
  };
}

/**
 * `schema` with a Query field for each operation of `registry` whose `graphql.field` it lacks; `schema` itself
 * when there is none (the app's registry: its fields are all hand-made, so the SDL stays as designed).
 */
export function schemaWithOperations(schema: GraphQLSchema, registry: OperationRegistry | undefined): GraphQLSchema {
  const query = schema.getQueryType()!;
  const existing = query.getFields();
  const derived = (registry?.operations ?? []).filter((op) => op.graphql && !existing[op.graphql.field]);
  if (derived.length === 0) return schema;
  const config = query.toConfig();
  const extended = new GraphQLObjectType({
    ...config,
    fields: { ...config.fields, ...Object.fromEntries(derived.map((op) => [op.graphql!.field, operationField(op)])) },
  });
  const whole = schema.toConfig();
  return new GraphQLSchema({ ...whole, query: extended, types: [...whole.types.map((type) => (type === query ? extended : type)), OperationResult, JsonInput] });
}
