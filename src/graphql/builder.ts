import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import { sourceCallComplexity } from './complexity.js';
import type { GraphQLContext } from './context.js';

/** The Pothos builder: configuration only; types live one per file under ./types. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { Date: { Input: string; Output: string } };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ComplexityPlugin],
  // Every field gets a cost in source calls (fields may override with `complexity`); the limit itself is
  // enforced before execution by useQueryLimits, so no limit is configured here.
  complexity: { fieldComplexity: sourceCallComplexity },
});

builder.queryType({});
