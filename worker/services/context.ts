import type { AppDeps } from '../ports';

/**
 * What a service verb receives first, under one name, so a reader knows at a glance what
 * a verb may touch and a test or a job can hand it just those ports:
 *
 * - A service verb (called by a route, a job, the scheduler or another verb) takes
 *   `ctx: ServiceContext<'db' | 'clock' | …>` first: the ports it uses, picked from AppDeps.
 * - A helper that only reads or writes the database takes `db` (or `tx` inside a transaction), so
 *   it can run inside a caller's transaction.
 * - A context that carries more than ports keeps its own type and is still called `ctx`:
 *   JobContext (worker/jobs), EffectContext (the transaction a webhook's effects apply in).
 *
 * Routes hold the whole AppDeps as `deps` (`c.get('deps')`) and pass it as the context.
 */
export type ServiceContext<K extends keyof AppDeps = keyof AppDeps> = Pick<AppDeps, K>;
