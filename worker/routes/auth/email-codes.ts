import { createRoute } from '@hono/zod-openapi';
import { sendCodeRequest, verifyCodeRequest, verifyEmailRequest } from '../../contract/auth';
import { emailVerificationStatusBody, sendCodeBody, signInBody, verifyEmailBody } from '../../contract/responses/auth';
import { clientNetwork } from '../../http/client-ip';
import { createRouter, errors, jsonBody, okJson, signedIn } from '../../http/openapi';
import { requireUser } from '../../middleware/auth';
import { callerLocale } from '../../middleware/errors';
import { emailVerificationStatus, sendEmailVerificationCode, verifyEmail } from '../../services/auth/email-verification';
import { sendLoginCode, verifyLoginCode } from '../../services/auth/login-codes';

const tags = ['Auth'];
const codeErrors = errors(409, 429);

const sendCode = createRoute({
  method: 'post',
  path: '/login/send-code',
  tags,
  summary: 'Send a sign-in code by e-mail',
  request: { body: jsonBody(sendCodeRequest) },
  responses: { 200: okJson(sendCodeBody, 'Code sent'), ...errors(429) },
});
const verifyCode = createRoute({
  method: 'post',
  path: '/login/verify-code',
  tags,
  summary: 'Sign in (or sign up) with the e-mailed code',
  request: { body: jsonBody(verifyCodeRequest) },
  responses: { 200: okJson(signInBody, 'Signed in'), ...errors(409, 429) },
});
// E-mail verification of the signed-in (password) account; the address is always the account's own.
const verificationStatus = createRoute({
  method: 'get',
  path: '/email-verification',
  tags,
  ...signedIn,
  summary: 'Whether the signed-in e-mail is verified',
  responses: { 200: okJson(emailVerificationStatusBody, 'Verification state') },
});
const sendVerificationCode = createRoute({
  method: 'post',
  path: '/email-verification/send-code',
  tags,
  ...signedIn,
  summary: 'Send an e-mail verification code',
  responses: { 200: okJson(sendCodeBody, 'Code sent'), ...codeErrors },
});
const verify = createRoute({
  method: 'post',
  path: '/email-verification/verify',
  tags,
  ...signedIn,
  summary: 'Verify the e-mail with the code',
  request: { body: jsonBody(verifyEmailRequest) },
  responses: { 200: okJson(verifyEmailBody, 'Verified, with a fresh token'), ...codeErrors },
});

/** `/api/auth/login/*` and `/api/auth/email-verification/*`: codes sent by e-mail. */
export const emailCodeRoutes = createRouter()
  .openapi(sendCode, async (c) =>
    c.json(await sendLoginCode(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), locale: callerLocale(c) }), 200),
  )
  .openapi(verifyCode, async (c) =>
    c.json(
      {
        success: true as const,
        ...(await verifyLoginCode(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), locale: callerLocale(c) })),
      },
      200,
    ),
  )
  .openapi(verificationStatus, async (c) => c.json(await emailVerificationStatus(c.get('deps'), requireUser(c).id), 200))
  .openapi(sendVerificationCode, async (c) =>
    c.json(await sendEmailVerificationCode(c.get('deps'), { userId: requireUser(c).id, ip: clientNetwork(c) }), 200),
  )
  .openapi(verify, async (c) =>
    c.json(await verifyEmail(c.get('deps'), { ...c.req.valid('json'), userId: requireUser(c).id, ip: clientNetwork(c) }), 200),
  );
