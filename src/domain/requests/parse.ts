import { z } from 'zod';
import { collapseSpaces } from '../collapse-spaces.js';
import { type ErrorReason, invalidField } from '../errors.js';
import { phraseProblemDetail } from './fields.js';

/** Renders a zod issue path like `keywords[3]` or `devices`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('');
}

/**
 * Checks a decoded JSON body against a request schema. The first problem becomes INVALID_FIELD naming the
 * field; unknown fields are ignored (schemas are not strict).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidField('body', 'the request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issuePath(issue.path) || 'body';
  const why = reasonOf(issue, valueAt(body, issue.path));
  throw invalidField(field, `${field}: ${issue.message}`, why?.reason, why?.params);
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const part of path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[part] : undefined;
  return value;
}

/**
 * The stable reason of a zod issue (ErrorReason), with the limit it names: what a client's own message is keyed
 * by. A refinement of a phrase is told apart by checking the value again (phraseProblemDetail).
 */
function reasonOf(issue: z.core.$ZodIssue, value: unknown): { reason: ErrorReason; params?: Record<string, string | number> } | undefined {
  switch (issue.code) {
    case 'too_big':
      return { reason: typeof value === 'string' ? 'too_long' : Array.isArray(value) ? 'too_many' : 'out_of_range', params: { max: Number(issue.maximum) } };
    case 'too_small':
      return Array.isArray(value) || typeof value === 'string' ? { reason: 'empty' } : { reason: 'out_of_range', params: { min: Number(issue.minimum) } };
    case 'invalid_type':
      return value === undefined ? { reason: 'empty' } : { reason: 'wrong_type' };
    case 'invalid_value':
    case 'invalid_union':
      return { reason: 'unknown_value' };
    case 'custom': {
      if (typeof value !== 'string') return undefined;
      const phrase = collapseSpaces(value);
      if (phrase.length === 0) return { reason: 'empty' };
      const detail = phraseProblemDetail(phrase);
      return detail && { reason: detail.reason, ...(detail.params ? { params: detail.params } : {}) };
    }
    default:
      return undefined;
  }
}

/** A field that must be a string when present. */
export const stringField = (name: string) =>
  z.string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) });

/** Control characters and lone surrogates: PostgreSQL refuses NUL in text, so a stored one answered 500. */
const CONTROL_OR_SURROGATE = /[\p{Cc}\p{Surrogate}]/u;

/**
 * A short text that is echoed or stored as sent (language_code, a task's tag): a string of at most `max`
 * characters with no control character or lone surrogate.
 */
export const textField = (name: string, max: number) =>
  stringField(name)
    .max(max, { error: `${name} must be at most ${max} characters` })
    .refine((value) => !CONTROL_OR_SURROGATE.test(value), { error: `${name} must not hold control characters` });

/** A field that must be an integer when present. */
export const integerField = (name: string) =>
  z.number({ error: `${name} must be an integer` }).int({ error: `${name} must be an integer` });

/** devices: one string or an array of strings. */
export const devicesField = z.union([z.string(), z.array(z.string())], {
  error: 'devices must be a string or an array of strings',
});

/** regions: an array of integer region codes. */
export const regionsField = z.array(integerField('each region code'), {
  error: 'regions must be an array of integer region codes',
});
