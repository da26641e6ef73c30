import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { verifyJobSignature } from '../middleware/job-signature';
import { jobPayload, runGenerationJob } from '../services/generation/generation';

/** Signed job callbacks (QStash in production, the in-process dispatcher in embedded mode). */
export const jobRoutes = new Hono<AppEnv & { Variables: { jobBody: unknown } }>().post('/generation', verifyJobSignature, async (c) => {
  const { jobId } = jobPayload(c.get('jobBody'));
  return c.json({ success: true, ...(await runGenerationJob(c.get('deps'), jobId)) });
});
