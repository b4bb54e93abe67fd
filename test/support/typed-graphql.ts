import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { graphql } from './app.js';

/**
 * Runs a generated typed document (test/generated) against the app: the document is printed and sent like any
 * client would, and the answer comes back typed by the operation's result type.
 */
export async function runTyped<TResult, TVariables extends Record<string, unknown>>(
  app: { fetch: (r: Request) => Promise<Response> },
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
): Promise<{ status: number; data: TResult | undefined; errors: unknown[] | undefined }> {
  const res = await graphql(app, print(document), variables);
  return { status: res.status, data: res.json?.data as TResult | undefined, errors: res.json?.errors };
}
