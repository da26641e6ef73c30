/**
 * What the Worker build resolves `pg` to (wrangler.toml [alias]): the parts of `pg` a Worker uses.
 * worker/index.ts opens one `pg.Client` per request (sockets cannot outlive a request) and drizzle's
 * node-postgres driver reads `pg.types` and tests `client instanceof pg.Pool`. The package's index
 * would also bring `pg-pool` and the libpq-based native client, which a Worker can run neither of
 * (≈ 4 KB gz, decision 051). Node and the tests use the real package. CommonJS like `pg` itself, so
 * `import pg from 'pg'` gets this object as its default.
 */
const Client = require('../../node_modules/pg/lib/client.js');

/** Stands in for `pg.Pool`: nothing in the Worker builds a pool, and `instanceof` it stays false. */
class NoPoolInTheWorker {
  constructor() {
    throw new Error('the Worker opens a pg.Client per request; it has no pg.Pool');
  }
}

module.exports = { Client, Pool: NoPoolInTheWorker, types: require('../../node_modules/pg-types/index.js') };
