/** Success body of the signed job callback (`POST /api/jobs/run`), declared by the route in `createRoute`. */
import * as z from 'zod';

/** Mirrors worker/jobs/pipeline.ts `JobOutcome` (checked where the route returns it). */
export const JOB_OUTCOMES = ['completed', 'failed', 'skipped', 'deferred'] as const;

export const jobRunResponse = z
  .object({
    success: z.literal(true),
    outcome: z
      .enum(JOB_OUTCOMES)
      .describe(
        'completed or failed: the job ran to its end; skipped: it had already ended or another run holds it; deferred: it cannot start yet and was published again with a delay',
      ),
  })
  .meta({ id: 'JobRunResult' });
