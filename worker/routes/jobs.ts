import { Hono } from 'hono';
import { JOB_CALLBACK_PATHS, jobCallbackPayload, runJob } from '../jobs';
import type { AppEnv } from '../lib/hono-env';
import { verifyJobSignature } from '../middleware/job-signature';

type JobEnv = AppEnv & { Variables: { jobBody: unknown } };

/**
 * The one signed job callback for every kind (QStash in production, the in-process dispatcher in
 * embedded mode). `/generation` stays for messages signed for it before the registry existed.
 */
export const jobRoutes = new Hono<JobEnv>();
for (const path of JOB_CALLBACK_PATHS) {
  jobRoutes.post(path.replace(/^\/api\/jobs/, ''), verifyJobSignature, async (c) => {
    const { jobId } = jobCallbackPayload(c.get('jobBody'));
    return c.json({ success: true, ...(await runJob(c.get('deps'), jobId)) });
  });
}
