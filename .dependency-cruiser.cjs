/**
 * The layering docs/architecture.md draws, as rules `npm run check:deps` enforces in CI.
 *
 *   routes ─► services ─► ports ◄─ adapters        contract: data + schemas, imported by all
 *      │          │                                 lib: small helpers, imported by all
 *      └─► jobs ◄─┘  (jobs run services' work)      engine: the offline image engine, a leaf
 *   web ─► worker/contract (data and types only)    scripts/tests: wire everything, free
 *
 * Tests (`*.test.ts`, `*.test-support.ts`) may import anything: they build the pieces they check.
 */
const TESTS = '\\.(test|test-support|property\\.test|fuzz\\.test)\\.ts$';
const PORT = '^worker/adapters/[^/]+/[a-z-]*port\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules are one concept or the lower one knows too much.',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'worker/contract holds data, types and schemas: it imports only itself and worker/lib.',
      from: { path: '^worker/contract/', pathNot: TESTS },
      to: { path: '^(worker/(?!contract/|lib/)|db/|web/|scripts/|tests/)' },
    },
    {
      name: 'lib-is-a-leaf',
      severity: 'error',
      comment: 'worker/lib is small helpers: the contract, the config module and other helpers only.',
      from: { path: '^worker/lib/', pathNot: TESTS },
      to: { path: '^(worker/(?!contract/|lib/|env\\.ts$)|db/|web/|scripts/|tests/)' },
    },
    {
      name: 'http-is-plumbing',
      severity: 'error',
      comment:
        "worker/http is the app's Hono plumbing (its typing, route helpers, client address): it names ports and the auth middleware, never a database, an adapter, a job or a route.",
      from: { path: '^worker/http/', pathNot: TESTS },
      to: { path: '^(db/|worker/(adapters/|jobs/|routes/|openapi/|engine/)|web/|scripts/|tests/)', pathNot: PORT },
    },
    {
      name: 'ports-are-leaves',
      severity: 'error',
      comment: 'A port is an interface and its error classes; it imports only the contract, lib and other ports.',
      from: { path: PORT },
      to: { path: '^worker/', pathNot: `${PORT}|^worker/(contract|lib)/` },
    },
    {
      name: 'adapters-serve-ports',
      severity: 'error',
      comment: 'Adapters implement ports; they never call services, routes, jobs or middleware.',
      from: { path: '^worker/adapters/', pathNot: TESTS },
      to: { path: '^worker/(services|routes|jobs|middleware|openapi)/|^worker/app\\.ts$' },
    },
    {
      name: 'services-use-ports-not-adapters',
      severity: 'error',
      comment: 'Services reach the outside through ports (ctx.db, ctx.limits, …), never an adapter module.',
      from: { path: '^worker/services/', pathNot: TESTS },
      to: { path: '^worker/adapters/', pathNot: PORT },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment: 'Services are called by routes and jobs; they never import them, nor Hono middleware or plumbing.',
      from: { path: '^worker/services/', pathNot: TESTS },
      to: { path: '^worker/(routes|middleware|openapi|jobs|http)/|^worker/app\\.ts$' },
    },
    {
      name: 'jobs-below-routes',
      severity: 'error',
      comment: 'Job handlers run services; routes only hand them the callback body.',
      from: { path: '^worker/jobs/', pathNot: TESTS },
      to: { path: '^worker/(routes|middleware|openapi)/|^worker/app\\.ts$' },
    },
    {
      name: 'jobs-hold-no-database-or-adapter',
      severity: 'error',
      comment:
        "Jobs orchestrate: they call services' verbs (the queue, a job's rows, its record) and ports, never Drizzle, a database module or an adapter.",
      from: { path: '^worker/jobs/', pathNot: TESTS },
      to: { path: '^(db/|worker/adapters/)|(^|/)node_modules/drizzle-orm/', pathNot: PORT },
    },
    {
      name: 'routes-hold-no-database-or-adapter',
      severity: 'error',
      comment: 'Routes parse, call one service verb and answer: no Drizzle and no adapter.',
      from: { path: '^worker/routes/', pathNot: TESTS },
      to: { path: '^(db/|worker/adapters/)|(^|/)node_modules/drizzle-orm/', pathNot: PORT },
    },
    {
      name: 'middleware-holds-no-database-or-adapter',
      severity: 'error',
      comment: 'Middleware reads the request and the ports on the context: no Drizzle, no database module, no adapter.',
      from: { path: '^worker/middleware/', pathNot: TESTS },
      to: { path: '^(db/|worker/adapters/|worker/jobs/)|(^|/)node_modules/drizzle-orm/', pathNot: PORT },
    },
    {
      name: 'openapi-document-holds-no-adapter',
      severity: 'error',
      comment: 'The OpenAPI document is built from the routes and the contract: no adapter, database or job.',
      from: { path: '^worker/openapi/', pathNot: TESTS },
      to: { path: '^(db/|worker/adapters/|worker/jobs/)|(^|/)node_modules/drizzle-orm/', pathNot: PORT },
    },
    {
      name: 'i18n-is-words',
      severity: 'error',
      comment: "worker/i18n holds the server's texts per language: the contract and lib only, never services or the database.",
      from: { path: '^worker/i18n/', pathNot: TESTS },
      to: { path: '^(db/|worker/(?!contract/|lib/|i18n/))|(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'engine-is-a-leaf',
      severity: 'error',
      comment: 'The offline engine runs in a worker thread or a container: it knows the contract and lib only.',
      from: { path: '^worker/engine/', pathNot: `${TESTS}|^worker/engine/service\\.ts$` },
      to: { path: '^(worker/(?!engine/|contract/|lib/)|db/|web/|scripts/)' },
    },
    {
      name: 'engine-service-adds-only-the-signer',
      severity: 'error',
      comment: "The engine service's entry point also signs outputs for the Worker (decision 056): the provenance adapter, nothing else.",
      from: { path: '^worker/engine/service\\.ts$' },
      to: { path: '^(worker/(?!engine/|contract/|lib/|adapters/provenance/)|db/|web/|scripts/)' },
    },
    {
      name: 'web-imports-contract-only',
      severity: 'error',
      comment: 'The SPA imports the worker contract (data and types) and nothing else of the server.',
      from: { path: '^web/', pathNot: TESTS },
      to: { path: '^(worker/(?!contract/)|db/|scripts/|tests/)' },
    },
    {
      name: 'production-never-imports-tests',
      severity: 'error',
      from: { path: '^(worker|web|db)/', pathNot: TESTS },
      to: { path: `^tests/|${TESTS}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.data|web/src/routeTree\\.gen\\.ts)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
