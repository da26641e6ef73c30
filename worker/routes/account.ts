import { Hono } from 'hono';
import { changePasswordRequest, deleteAccountRequest, emailChangeCodeRequest, emailChangeConfirm } from '../contract/account';
import { latestDataExport, runDataExport, startDataExport } from '../jobs/data-export';
import { clientNetwork } from '../lib/client-ip';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { verifyJobSignature } from '../middleware/job-signature';
import { deleteAccount, deletionPreview, sendDeletionCode } from '../services/auth/account-deletion';
import { accountOverview, changePassword, confirmEmailChange, sendEmailChangeCode } from '../services/auth/account-security';

/** `/api/account/*` (issue 19): sign-in details, "My data" export and account deletion, for the signed-in user. */
export const accountRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .get('/', async (c) => c.json(await accountOverview(c.get('deps'), requireUser(c).id)))
  .post('/password', validate('json', changePasswordRequest), async (c) =>
    c.json(await changePassword(c.get('deps'), requireUser(c).id, { ...c.req.valid('json'), ip: clientNetwork(c) })),
  )
  .post('/email/send-code', validate('json', emailChangeCodeRequest), async (c) =>
    c.json(await sendEmailChangeCode(c.get('deps'), requireUser(c).id, { ...c.req.valid('json'), ip: clientNetwork(c) })),
  )
  .post('/email/confirm', validate('json', emailChangeConfirm), async (c) =>
    c.json(await confirmEmailChange(c.get('deps'), requireUser(c).id, { ...c.req.valid('json'), ip: clientNetwork(c) })),
  )
  .get('/export', async (c) => c.json(await latestDataExport(c.get('deps'), requireUser(c).id)))
  .post('/export', async (c) => c.json(await startDataExport(c.get('deps'), requireUser(c).id)))
  .get('/deletion', async (c) => c.json(await deletionPreview(c.get('deps'), requireUser(c).id)))
  .post('/deletion/send-code', async (c) =>
    c.json(await sendDeletionCode(c.get('deps'), { userId: requireUser(c).id, ip: clientNetwork(c) })),
  )
  .post('/deletion/confirm', validate('json', deleteAccountRequest), async (c) =>
    c.json(await deleteAccount(c.get('deps'), { ...c.req.valid('json'), userId: requireUser(c).id, ip: clientNetwork(c) })),
  );

/** `POST /api/jobs/data-export`: the export job's signed callback (QStash, or the in-process queue). */
export const dataExportJobRoutes = new Hono<AppEnv & { Variables: { jobBody: unknown } }>().post('/', verifyJobSignature, async (c) =>
  c.json({ success: true, ...(await runDataExport(c.get('deps'), c.get('jobBody'))) }),
);
