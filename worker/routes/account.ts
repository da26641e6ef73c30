import { createRoute } from '@hono/zod-openapi';
import { changePasswordRequest, deleteAccountRequest, emailChangeCodeRequest, emailChangeConfirm } from '../contract/account';
import {
  accountOverviewBody,
  credentialsChangedBody,
  dataExportBody,
  dataExportJobBody,
  deleteAccountBody,
  deletionPreviewBody,
  emailChangeCodeBody,
} from '../contract/responses/account';
import { sendCodeBody } from '../contract/responses/auth';
import { latestDataExport, runDataExport, startDataExport, startNextExportPart } from '../jobs/data-export';
import { clientNetwork } from '../http/client-ip';
import type { AppEnv } from '../http/hono-env';
import { createRouter, errors, jsonBody, okJson, signedBy, signedIn } from '../http/openapi';
import { requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { verifyJobSignature } from '../middleware/job-signature';
import { deleteAccount, deletionPreview, sendDeletionCode } from '../services/auth/account-deletion';
import { accountOverview, changePassword, confirmEmailChange, sendEmailChangeCode } from '../services/auth/account-security';

const tags = ['Account'];
const codeErrors = errors(409, 429);

const overview = createRoute({
  method: 'get',
  path: '/',
  tags,
  ...signedIn,
  summary: 'Account section: sign-in methods and e-mail',
  responses: { 200: okJson(accountOverviewBody, 'Sign-in details') },
});
const password = createRoute({
  method: 'post',
  path: '/password',
  tags,
  ...signedIn,
  summary: 'Change or set the password; ends every other session',
  request: { body: jsonBody(changePasswordRequest) },
  responses: { 200: okJson(credentialsChangedBody, 'Changed, with this session’s new token'), ...codeErrors },
});
const emailCode = createRoute({
  method: 'post',
  path: '/email/send-code',
  tags,
  ...signedIn,
  summary: 'Send a code to the new e-mail address',
  request: { body: jsonBody(emailChangeCodeRequest) },
  responses: { 200: okJson(emailChangeCodeBody, 'Code sent'), ...codeErrors },
});
const emailConfirm = createRoute({
  method: 'post',
  path: '/email/confirm',
  tags,
  ...signedIn,
  summary: 'Change the e-mail with the code; ends every other session',
  request: { body: jsonBody(emailChangeConfirm) },
  responses: { 200: okJson(credentialsChangedBody, 'Changed, with this session’s new token'), ...codeErrors },
});
const exportState = createRoute({
  method: 'get',
  path: '/export',
  tags,
  ...signedIn,
  summary: 'State of the latest data export (progress, download link)',
  responses: { 200: okJson(dataExportBody, 'The newest export, or null') },
});
const exportStart = createRoute({
  method: 'post',
  path: '/export',
  tags,
  ...signedIn,
  summary: 'Start a data export (a zip built as a job)',
  responses: { 200: okJson(dataExportBody, 'The export started, or the one still running'), ...errors(429, 503) },
});
const exportNext = createRoute({
  method: 'post',
  path: '/export/next',
  tags,
  ...signedIn,
  summary: 'Start the next part of the newest export: the images it left out',
  responses: { 200: okJson(dataExportBody, 'The part started, or the state unchanged when nothing was left out'), ...errors(503) },
});
const deletion = createRoute({
  method: 'get',
  path: '/deletion',
  tags,
  ...signedIn,
  summary: 'What deleting the account removes and keeps',
  responses: { 200: okJson(deletionPreviewBody, 'The preview') },
});
const deletionCode = createRoute({
  method: 'post',
  path: '/deletion/send-code',
  tags,
  ...signedIn,
  summary: 'Send the deletion confirmation code',
  responses: { 200: okJson(sendCodeBody, 'Code sent'), ...codeErrors },
});
const deletionConfirm = createRoute({
  method: 'post',
  path: '/deletion/confirm',
  tags,
  ...signedIn,
  summary: 'Delete the account with the code',
  request: { body: jsonBody(deleteAccountRequest) },
  responses: { 200: okJson(deleteAccountBody, 'Deleted'), ...errors(409, 429, 502, 503) },
});

/** `/api/account/*`: sign-in details, "My data" export and account deletion, for the signed-in user. */
export const accountRoutes = createRouter()
  .openapi(overview, async (c) => c.json(await accountOverview(c.get('deps'), requireUser(c).id), 200))
  .openapi(password, async (c) =>
    c.json(await changePassword(c.get('deps'), requireUser(c).id, { ...c.req.valid('json'), ip: clientNetwork(c) }), 200),
  )
  .openapi(emailCode, async (c) =>
    c.json(await sendEmailChangeCode(c.get('deps'), requireUser(c).id, { ...c.req.valid('json'), ip: clientNetwork(c) }), 200),
  )
  .openapi(emailConfirm, async (c) =>
    c.json(await confirmEmailChange(c.get('deps'), requireUser(c).id, { ...c.req.valid('json'), ip: clientNetwork(c) }), 200),
  )
  .openapi(exportState, async (c) => c.json(await latestDataExport(c.get('deps'), requireUser(c).id, callerLocale(c)), 200))
  .openapi(exportStart, async (c) => c.json(await startDataExport(c.get('deps'), requireUser(c).id, callerLocale(c)), 200))
  .openapi(exportNext, async (c) => c.json(await startNextExportPart(c.get('deps'), requireUser(c).id, callerLocale(c)), 200))
  .openapi(deletion, async (c) => c.json(await deletionPreview(c.get('deps'), requireUser(c).id), 200))
  .openapi(deletionCode, async (c) =>
    c.json(await sendDeletionCode(c.get('deps'), { userId: requireUser(c).id, ip: clientNetwork(c) }), 200),
  )
  .openapi(deletionConfirm, async (c) =>
    c.json(await deleteAccount(c.get('deps'), { ...c.req.valid('json'), userId: requireUser(c).id, ip: clientNetwork(c) }), 200),
  );

const dataExportJob = createRoute({
  method: 'post',
  path: '/',
  tags: ['Jobs'],
  ...signedBy('Upstash-Signature', 'QStash JWT over this URL and the SHA-256 of the body'),
  summary: 'Job callback: builds one data export',
  middleware: [verifyJobSignature] as const,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: { type: 'object', properties: { exportId: { type: 'string' } }, required: ['exportId'] } } },
    },
  },
  responses: { 200: okJson(dataExportJobBody, 'Ran (or skipped a finished one)') },
});

/** `POST /api/jobs/data-export`: the export job's signed callback (QStash, or the in-process queue). */
export const dataExportJobRoutes = createRouter<AppEnv & { Variables: { jobBody: unknown } }>().openapi(dataExportJob, async (c) =>
  c.json({ success: true as const, ...(await runDataExport(c.get('deps'), c.get('jobBody'))) }, 200),
);
