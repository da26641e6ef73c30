import type { AppDeps } from './ports';
import { runMaintenance } from './jobs/maintenance';

/**
 * One cron run: logs what it swept (counts per kind, so a stuck sweeper shows in the logs), and
 * reports a failure to the error tracker before rethrowing it (the runtime records the run as failed).
 */
export async function runScheduled(deps: AppDeps) {
  const started = Date.now();
  try {
    const swept = await runMaintenance(deps);
    deps.log.info('cron swept', { ...swept, ms: Date.now() - started });
    return swept;
  } catch (error) {
    deps.log.error('cron failed', { error, ms: Date.now() - started });
    await deps.errorReporter?.capture(error, { where: 'cron' });
    throw error;
  }
}
