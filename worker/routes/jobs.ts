import { createRoute } from '@hono/zod-openapi';
import { jobRunResponse } from '../contract/responses/jobs';
import { JOB_CALLBACK_PATHS, jobCallbackPayload, runJob } from '../jobs';
import type { AppEnv } from '../http/hono-env';
import { createRouter, okJson, signedBy } from '../http/openapi';
import { verifyJobSignature } from '../middleware/job-signature';

type JobEnv = AppEnv & { Variables: { jobBody: unknown } };

const SUMMARIES: Record<(typeof JOB_CALLBACK_PATHS)[number], string> = {
  '/api/jobs/run': 'Job callback: runs one queued job (at-least-once; repeats are harmless)',
  '/api/jobs/generation': 'Job callback (older path, for messages signed for it before the job registry)',
};

const callback = (path: (typeof JOB_CALLBACK_PATHS)[number]) =>
  createRoute({
    method: 'post',
    path: path.replace(/^\/api\/jobs/, ''),
    tags: ['Jobs'],
    summary: SUMMARIES[path],
    description:
      'Signed by the queue (QStash in production, the in-process dispatcher embedded): an HS256 JWT whose `sub` is this URL and whose `body` claim is the base64url SHA-256 of the body; 401 when it is missing or does not verify. Engine failures are retried inside the run; a job that cannot start yet (its user has two running, another run holds it, or the engine is busy) is published again with a delay and answered 200 with `outcome: deferred`.',
    ...signedBy('Upstash-Signature', 'JWT signed with the queue’s signing key, over this URL and the body'),
    middleware: [verifyJobSignature] as const,
    request: {
      // Read by the signature check as raw bytes, then parsed: documented only.
      body: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object' as const,
              properties: { jobId: { type: 'string' as const, pattern: '^job_[a-z0-9]+$' } },
              required: ['jobId'],
            },
          },
        },
      },
    },
    responses: { 200: okJson(jobRunResponse, 'The run’s outcome') },
  });

/**
 * The one signed job callback for every kind (QStash in production, the in-process dispatcher in
 * embedded mode). `/generation` stays for messages signed for it before the registry existed.
 */
export const jobRoutes = createRouter<JobEnv>();
for (const path of JOB_CALLBACK_PATHS) {
  jobRoutes.openapi(callback(path), async (c) => {
    const { jobId } = jobCallbackPayload(c.get('jobBody'));
    return c.json({ success: true as const, ...(await runJob(c.get('deps'), jobId)) }, 200);
  });
}
