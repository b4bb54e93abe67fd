/**
 * The direction of imports in src/, enforced (`npm run check:deps`, CI, and test/unit/dependency-rules.test.ts).
 *
 * Layers, innermost first; each may import the ones above it, never the ones below:
 *
 *   domain/          pure rules: no I/O, no framework (zod and lru-cache only), nothing of ours outside domain/
 *   ports/           narrow interfaces the core needs; domain types only
 *   config/          zod schema of the environment -> typed Config; domain only
 *   services/        the operations; ports and domain
 *   tasks/           the task feature (post now, collect later): a consumer of the services, at their level
 *   operations/      one module per operation (input schema, plan, price, limits, run, result, face bindings)
 *                    and the registry of them: services, tasks (types and task specs), ports and domain; never
 *                    a face, an adapter, the HTTP kit or composition. Faces derive their routes, tools, task
 *                    specs and fields from it.
 *   adapters/        implementations of ports (wordstat, demo, caches, sql, llm, search results); ports and
 *                    domain only: an adapter needs the port it implements, never the services that use it
 *   HTTP kit         what every face shares at the HTTP edge: http/ (the carrier-independent call and reply,
 *                    its fetch and node:http carriers, JSON bytes, error headers, the CORS policy, the request
 *                    context, the one router every route is an entry of, the node:http server) and face-kit/
 *                    (bounded body reading, JSON Web responses); domain, ports and itself only: the router is
 *                    handed its routes by composition, it imports no face
 *   faces            rest/ (with admin/), graphql/, mcp/, v3/ (the keyword-data format's own paths), web/ and
 *                    observability/ (metrics, logs, readiness): services, tasks, ports, domain, config types,
 *                    the HTTP kit, operations; never adapters or composition. REST and GraphQL are siblings: neither
 *                    imports the other, and MCP imports neither (the /v1 shapes it presents are the operations').
 *   composition      composition/, app.ts, main.ts, mcp-main.ts, process-config.ts: pick adapters and wire
 *                    everything; may import anything, and nothing but composition imports them
 *
 * No circular imports, type-only ones included (a type cycle is still two modules that cannot be understood
 * apart).
 *
 * Violations that exist today and are being removed by other work live in
 * .dependency-cruiser-known-violations.json: they are reported as ignored, not as errors. That list may only
 * shrink: the dependency-rules test fails when an entry no longer happens (delete it, and lower the count in
 * the test) and when the list grows. After fixing some, regenerate it with
 *   npx depcruise-baseline src --config .dependency-cruiser.cjs
 * and check that the diff only removes entries.
 */

const FACES = '^src/(rest|admin|graphql|mcp|web|observability|v3)/';
const HTTP_KIT = '^src/(face-kit|http)/';
const COMPOSITION = '^src/(composition/|app[.]ts$|main[.]ts$|mcp-main[.]ts$|process-config[.]ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
/**
 * Sibling faces import none of each other: one rule per face, each naming the faces it must not reach. MCP and
 * /v3 present what the operations present; REST (with admin) and GraphQL move what both need inward.
 */
const SIBLINGS = {
  graphql: { path: '^src/graphql/', not: '^src/(rest|admin|v3)/' },
  mcp: { path: '^src/mcp/', not: '^src/(rest|admin|v3)/' },
  rest: { path: '^src/(rest|admin)/', not: '^src/(graphql|v3)/' },
  v3: { path: '^src/v3/', not: '^src/(rest|admin|graphql|mcp|web)/' },
  web: { path: '^src/web/', not: '^src/v3/' },
};
const siblingFaceRules = Object.entries(SIBLINGS).map(([face, { path, not }]) => ({
  name: `${face}-not-to-sibling-faces`,
  severity: 'error',
  comment: `The ${face} face imports no sibling face: what two faces need moves inward (operations, services, ports, domain, HTTP kit).`,
  from: { path },
  to: { path: not },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules in a cycle cannot be read, tested or moved apart; break it with a type in an inner layer.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve fails at run time.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment: 'The domain is the innermost layer: it names nothing of ours outside src/domain/.',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'No I/O and no framework in the domain: no node built-ins, no npm package but zod and lru-cache (pure, in memory).',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '(^|/)node_modules/(zod|lru-cache)/' },
    },
    {
      name: 'ports-import-only-domain',
      severity: 'error',
      comment: 'A port is an interface the core owns; it may name domain types and other ports, nothing else.',
      from: { path: '^src/ports/' },
      to: { path: '^src/', pathNot: '^src/(ports|domain)/' },
    },
    {
      name: 'config-imports-only-domain',
      severity: 'error',
      comment: 'The config is a pure function of the environment.',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/(config|domain)/' },
    },
    {
      name: 'services-stay-inside',
      severity: 'error',
      comment:
        'Services (and tasks, at their level) use ports and the domain; adapters, faces, config and composition are ' +
        'handed to them from outside.',
      from: { path: '^src/(services|tasks)/' },
      to: { path: [FACES, COMPOSITION, HTTP_KIT, '^src/(adapters|config|operations)/'] },
    },
    {
      name: 'operations-stay-inside',
      severity: 'error',
      comment:
        'An operation declares what every face reads (schema, plan, price, limits, run, result): it uses services, ' +
        'tasks, ports and the domain, and never a face, an adapter, the HTTP kit, config or composition.',
      from: { path: '^src/operations/' },
      to: { path: [FACES, COMPOSITION, HTTP_KIT, '^src/(adapters|config)/'] },
    },
    {
      name: 'adapters-need-only-ports',
      severity: 'error',
      comment: 'An adapter implements a port: it needs ports and domain types, never the services that use it.',
      from: { path: '^src/adapters/' },
      to: { path: '^src/', pathNot: '^src/(adapters|ports|domain)/' },
    },
    {
      name: 'http-kit-is-shared',
      severity: 'error',
      comment: 'The HTTP kit serves every face, so it imports none of them (nor the services behind them).',
      from: { path: HTTP_KIT },
      to: { path: '^src/', pathNot: [HTTP_KIT, '^src/(ports|domain)/'] },
    },
    {
      name: 'faces-not-to-adapters-or-composition',
      severity: 'error',
      comment: 'A face reads a request, calls a service, presents the answer; only composition picks adapters.',
      from: { path: FACES },
      to: { path: ['^src/adapters/', COMPOSITION] },
    },
    // The faces are siblings: what two of them need moves inward (operations, services, ports, domain, HTTP kit).
    ...siblingFaceRules,
    {
      name: 'v3-core-through-one-file',
      severity: 'error',
      comment:
        'The /v3 face reaches the core (services, tasks, operations, ports, domain, config) only through src/v3/core-operations.ts, ' +
        'the one file repointed at the operation registry.',
      from: { path: '^src/v3/', pathNot: '^src/v3/core-operations[.]ts$' },
      to: { path: '^src/(services|tasks|operations|ports|domain|config)/' },
    },
  ],
  options: {
    // Type-only imports count: `import type` from an outer layer is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
