import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context.js';

/** The Pothos builder: configuration only; types live one per file under ./types. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { Date: { Input: string; Output: string } };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
