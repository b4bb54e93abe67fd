import type { CodegenConfig } from '@graphql-codegen/cli';

/** Typed documents for the operations under test/graphql/, generated from the committed SDL. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/graphql/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'test/generated/': {
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true },
    },
  },
};

export default config;
