import { ServiceError } from '../../contract/errors';
import type { PlainMessageId } from '../../contract/messages';
import type { RateLimitRule } from '../../ports';
import type { ServiceContext } from '../context';

/**
 * Counts one attempt under `key` against `rule` (before the work it guards, so parallel attempts
 * cannot pass the limit) and refuses the one past it with `message`, a 429 by default, and the
 * seconds until the window frees a slot as Retry-After.
 */
export async function countAttempt(
  ctx: ServiceContext<'limits'>,
  key: string,
  rule: RateLimitRule,
  message: PlainMessageId,
  code: 'RATE_LIMITED' | 'PASSWORD_SIGN_IN_PAUSED' = 'RATE_LIMITED',
): Promise<void> {
  const result = await ctx.limits.hit(key, rule);
  if (!result.allowed) throw new ServiceError(code, message, { retryAfter: result.retryAfterSeconds });
}
