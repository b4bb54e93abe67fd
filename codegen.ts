import type { CodegenConfig } from '@graphql-codegen/cli';

/** Typed documents for the operations under test/graphql/, generated from the committed SDL. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/graphql/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'test/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // NodeNext resolution: relative imports need their .js suffix.
        emitLegacyCommonJSImports: false,
        scalars: { Date: 'string' },
      },
    },
  },
};

export default config;
