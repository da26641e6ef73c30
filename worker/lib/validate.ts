import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ServiceError } from '../contract/errors';

/**
 * `zValidator` whose failures go through the one error model: a 400 naming the first bad field
 * (e.g. `{ code: 'VALIDATION_FAILED', field: 'email', message: 'Please enter your email' }`).
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') || target;
    throw new ServiceError('VALIDATION_FAILED', issue?.message ?? 'Invalid input', { field });
  });
