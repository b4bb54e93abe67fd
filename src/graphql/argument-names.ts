import type { GraphQLArgument } from 'graphql';
import { DomainError } from '../domain/errors.js';

/*
 * A GraphQL field that stands for a REST body (createSearchVolumeTask posts a /v1 task) takes the body's fields as
 * camelCase arguments: `historyMonths` is `history_months`, `postbackUrl` is `postback_url`. The body is checked
 * by the REST rules, whose errors name REST fields; the GraphQL face names its own arguments. Both directions are
 * derived here from the field's argument definitions, so an argument added to such a field is covered without a
 * list to keep in step.
 */

/** The REST field an argument stands for: its name in snake_case (`historyMonths` → `history_months`). */
export const restFieldOf = (argument: string): string => argument.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`);

/** The REST body of a field's arguments: each argument given (not null) under its REST name. */
export function restBodyOf(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) if (value != null) body[restFieldOf(name)] = value;
  return body;
}

/** A field definition, as far as its arguments go. */
interface ArgumentsOf {
  readonly args: readonly Pick<GraphQLArgument, 'name'>[];
}

const renames = new WeakMap<ArgumentsOf, { byRestField: Map<string, string>; inText: RegExp | undefined }>();

/** REST field → argument for the arguments whose names differ, and a pattern finding those REST names as words. */
function renamesOf(field: ArgumentsOf) {
  let known = renames.get(field);
  if (!known) {
    const byRestField = new Map<string, string>();
    for (const { name } of field.args) if (restFieldOf(name) !== name) byRestField.set(restFieldOf(name), name);
    const words = [...byRestField.keys()];
    known = { byRestField, inText: words.length > 0 ? new RegExp(`(?<![\\w$])(${words.join('|')})(?![\\w])`, 'g') : undefined };
    renames.set(field, known);
  }
  return known;
}

/**
 * A domain error of the REST rules in the terms of a GraphQL field's arguments: its `field` path
 * (`match_types[1]` → `matchTypes[1]`) and the REST names in its message. Errors naming no REST field of the
 * field's arguments come back as they are.
 */
export function inArgumentTerms(error: DomainError, field: ArgumentsOf | undefined): DomainError {
  if (!field) return error;
  const { byRestField, inText } = renamesOf(field);
  if (!inText) return error;
  const head = error.field === undefined ? undefined : /^[^.[]+/.exec(error.field)?.[0];
  const renamedHead = head === undefined ? undefined : byRestField.get(head);
  const message = error.message.replace(inText, (word: string) => byRestField.get(word) ?? word);
  if (renamedHead === undefined && message === error.message) return error;
  return new DomainError(error.code, message, {
    field: renamedHead === undefined ? error.field : renamedHead + error.field!.slice(head!.length),
    retryAfterSeconds: error.retryAfterSeconds,
    allow: error.allow,
    reason: error.reason,
    params: error.params,
    cause: error,
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A domain error of an operation's input rules in the terms of a GraphQL field whose arguments are named otherwise
 * (`phrases` for search_volume's `keywords`, `phrase` for its one `keywords[0]`): `renames` maps an input field,
 * or an exact field path, to the argument. Its `field` and the names in its message are rewritten, longest first.
 */
export function renamedFields(error: DomainError, renames: Readonly<Record<string, string>>): DomainError {
  const names = Object.keys(renames).sort((a, b) => b.length - a.length);
  if (names.length === 0) return error;
  const inText = new RegExp(`(?<![\\w$])(${names.map(escapeRegExp).join('|')})(?![\\w])`, 'g');
  const from = error.field === undefined ? undefined : names.find((name) => error.field === name || error.field!.startsWith(`${name}[`) || error.field!.startsWith(`${name}.`));
  const field = from === undefined ? error.field : renames[from]! + error.field!.slice(from.length);
  const message = error.message.replace(inText, (word: string) => renames[word] ?? word);
  if (field === error.field && message === error.message) return error;
  return new DomainError(error.code, message, {
    field,
    retryAfterSeconds: error.retryAfterSeconds,
    allow: error.allow,
    reason: error.reason,
    params: error.params,
    cause: error,
  });
}

/** `run()` with a DomainError it throws in the field's argument terms (renamedFields). */
export function inArguments<T>(renames: Readonly<Record<string, string>>, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof DomainError ? renamedFields(error, renames) : error;
  }
}
