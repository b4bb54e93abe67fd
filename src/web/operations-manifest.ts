import { z } from 'zod';
import type { Operation } from '../operations/operation.js';
import { taskBasePath } from '../operations/task-specs.js';

/** One input field as a form needs it: its default, its choices, its bounds (each only when the schema says it). */
interface ManifestInput {
  default?: unknown;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
}

/** One operation as the explorer's API client needs it: where to send it and how much one request may hold. */
export interface ManifestOperation {
  path: string;
  method: 'GET' | 'POST';
  /** Items a request holds at most, live and as a task (null when the operation has no item list). */
  items: { live: number; task: number } | null;
  /** Its task mode's paths, when it has one (`get` with `{id}`). */
  task: { post: string; get: string } | null;
  price: Operation['price'];
  /** The body's top-level fields that have a default, choices or bounds: a form's controls start from these. */
  inputs: Record<string, ManifestInput>;
}

interface JsonField {
  type?: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
}

/** Choices tried on a whole-number field whose schema checks them by a rule JSON Schema cannot say (a refine). */
const PROBE = Array.from({ length: 101 }, (_, i) => i);
/** More accepted values than this are a range, not a list of choices. */
const MOST_CHOICES = 12;

/**
 * The fields of an operation's body as its own schema states them. Bounds are kept only when they bound something
 * (not the safe-integer range every whole number has). A whole-number field with no choices and no bounds in JSON
 * Schema (its rule is a refine, e.g. depth 10, 20 or 30) is asked for the numbers 0–100 it accepts: a short list
 * of them is its choices, so the page offers exactly what the operation takes and restates nothing.
 */
function inputsOf(op: Operation): Record<string, ManifestInput> {
  const json = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonField> };
  const shape = (op.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const inputs: Record<string, ManifestInput> = {};
  for (const [name, field] of Object.entries(json.properties ?? {})) {
    const input: ManifestInput = {};
    if (field.default !== undefined) input.default = field.default;
    if (field.enum) input.enum = field.enum;
    if (typeof field.minimum === 'number' && Number.isSafeInteger(field.minimum) && field.minimum > Number.MIN_SAFE_INTEGER) input.minimum = field.minimum;
    if (typeof field.maximum === 'number' && field.maximum < Number.MAX_SAFE_INTEGER) input.maximum = field.maximum;
    if (field.type === 'integer' && !input.enum && input.minimum === undefined && input.maximum === undefined && shape[name]) {
      const accepted = PROBE.filter((value) => shape[name]!.safeParse(value).success);
      if (accepted.length > 0 && accepted.length <= MOST_CHOICES) input.enum = accepted;
    }
    if (Object.keys(input).length > 0) inputs[name] = input;
  }
  return inputs;
}

/**
 * What the explorer reads instead of restating paths and limits (GET /explorer/operations.json): every operation
 * with a REST route, by name, from the registry. The page asks for it once and sizes its requests by it.
 */
export function operationsManifest(operations: readonly Operation[]): { operations: Record<string, ManifestOperation> } {
  const entries = operations.flatMap((op): [string, ManifestOperation][] => {
    if (!op.rest) return [];
    const base = taskBasePath(op);
    return [
      [
        op.name,
        {
          path: op.rest.path,
          method: op.rest.method ?? 'POST',
          items: op.limits.items ?? null,
          task: op.task ? { post: `${base}/task_post`, get: `${base}/task_get/{id}` } : null,
          price: op.price,
          inputs: inputsOf(op),
        },
      ],
    ];
  });
  return { operations: Object.fromEntries(entries) };
}
