// Zod 4 probes `new Function` to compile fast parsers when a schema is created; under the SPA's CSP
// (no 'unsafe-eval', scripts/lib/security-headers.ts) that probe is reported as a violation on every
// page. Zod reads this global when it loads, so it must be set by a script that runs before the app's
// modules (a classic deferred script placed before them in index.html). The interpreter is plenty for
// the SPA's small forms and search params.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
