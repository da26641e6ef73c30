import { createMiddleware } from 'hono/factory';
import { verifyQstashSignature } from '../lib/qstash-signature';
import { ServiceError } from '../contract/errors';
import type { AppEnv } from '../http/hono-env';

/**
 * Job callbacks accept only requests signed the way QStash signs them (the in-process dispatcher
 * signs identically). The signature covers the exact URL and a hash of the body, so it is checked
 * on the raw body before anything parses it. Unsigned or tampered → 401.
 */
export const verifyJobSignature = createMiddleware<AppEnv & { Variables: { jobBody: unknown } }>(async (c, next) => {
  const { config } = c.get('deps');
  const signature = c.req.header('upstash-signature');
  if (!signature) throw new ServiceError('UNAUTHENTICATED', 'jobSignatureMissing');
  const body = await c.req.text();
  const url = new URL(c.req.path, config.PUBLIC_URL).toString();
  const valid = await verifyQstashSignature({
    signature,
    body,
    url,
    currentSigningKey: config.QSTASH_CURRENT_SIGNING_KEY,
    nextSigningKey: config.QSTASH_NEXT_SIGNING_KEY,
  });
  if (!valid) throw new ServiceError('UNAUTHENTICATED', 'jobSignatureInvalid');
  try {
    c.set('jobBody', JSON.parse(body));
  } catch {
    throw new ServiceError('MALFORMED_JSON', 'bodyNotJson');
  }
  await next();
});
