// @ts-check
// Lint (npm run lint, called by .ci/run): ESLint's and typescript-eslint's recommended rules on every TypeScript and
// JavaScript file of the tree. Syntax-only, not type-aware: docs/decisions.md ("Lint and knip", 2026-11-26) has the
// measured cost of the type-aware set on this machine. tsc (npm run typecheck) stays the judge of types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  ['console', 'process', 'Buffer', 'URL', 'URLSearchParams', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate',
    'queueMicrotask', 'structuredClone', 'fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder',
    'TextDecoder', 'performance', 'globalThis'].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/profiles/**', 'web/dist/**', 'test/generated/**', 'src/graphql/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: nodeGlobals },
    rules: {
      // `_`-prefixed names are deliberate (a parameter kept for its position, a rest sibling dropped).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `{}` is the TypeScript spelling of "any non-nullish value" (lru-cache's own value constraint), used as such.
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  {
    // Tests read JSON answers and poke at internals whose shape the assertions themselves check.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // graphql-js types a field's arguments as `any` (GraphQLField<S, C, any>); these two files follow it.
    files: ['src/graphql/complexity.ts', 'src/graphql/field-plan.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
