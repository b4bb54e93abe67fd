import type { DocumentNode } from 'graphql';
import { createBoundedMemo } from '../domain/bounded-memo.js';

/** Most results one memo keeps; the least recently used goes first. */
export const DOCUMENT_MEMO_SIZE = 1000;
/**
 * Longest key kept, in characters. Long keys come from long variables (`keywords(phrases: $list)` with 100
 * long phrases: 40 KB), whose results are as large; such a request is rare, and its source calls dwarf its
 * analysis, so it is analysed each time rather than let a thousand of them hold tens of megabytes.
 */
export const MAX_MEMO_KEY_CHARS = 2048;

/**
 * What an operation costs to analyse (its source-call estimate, its plan) depends only on the document, the
 * operation picked, the variables and a few per-request facts (today): the same for every request that sends
 * the same query. Yoga's parse cache hands out the same DocumentNode for the same text, so results are kept
 * by document identity plus a string of the rest, in one bounded LRU (documents Yoga's cache dropped just
 * age out).
 */
export interface DocumentMemo<T> {
  /** The value for this document and key, computing it on a miss. */
  get(document: DocumentNode, key: string, compute: () => T): T;
}

export function createDocumentMemo<T>(size = DOCUMENT_MEMO_SIZE): DocumentMemo<T> {
  const ids = new WeakMap<DocumentNode, number>();
  let nextId = 0;
  const entries = createBoundedMemo<string, T>(size);
  return {
    get(document, key, compute) {
      if (key.length > MAX_MEMO_KEY_CHARS) return compute();
      let id = ids.get(document);
      if (id === undefined) ids.set(document, (id = nextId++));
      return entries.get(`${id}\u0000${key}`, compute);
    },
  };
}

/** The part of a request an operation's analysis depends on besides the document, as a memo key. */
export function operationKey(operationName: string | null | undefined, variables: unknown, ...facts: string[]): string {
  // Variables come from the client's JSON body, so JSON.stringify is their faithful text.
  return `${operationName ?? ''}\u0000${variables == null ? '' : JSON.stringify(variables)}\u0000${facts.join('\u0000')}`;
}
