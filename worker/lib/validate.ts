import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { z, ZodType } from 'zod';
import { ServiceError } from '../contract/errors';
import { findTextProblem, TEXT_PROBLEM_MESSAGES, textProblem } from '../contract/text';

/** The longest path segment, and whole field name, an error body repeats. The contracts' own names are far shorter. */
export const FIELD_SEGMENT_MAX = 40;
export const FIELD_NAME_MAX = 100;

/**
 * The field an error names, bounded: a path segment can be a key the client chose (a face swap
 * `options` key, a record key), and a 100,000-character key must not come back whole in the 400.
 */
export function fieldName(path: readonly PropertyKey[]): string {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  return cut(path.map((segment) => cut(String(segment), FIELD_SEGMENT_MAX)).join('.'), FIELD_NAME_MAX);
}

export function validationFailed(target: string, issue: { path: PropertyKey[]; message: string } | undefined): ServiceError {
  const field = (issue && fieldName(issue.path)) || target;
  return new ServiceError('VALIDATION_FAILED', issue?.message ?? 'Invalid input', { field });
}

/**
 * Refuses control characters, unpaired surrogates and (outside fields marked `multiline`) line
 * breaks anywhere in an already parsed value (worker/contract/text.ts), naming the field.
 */
export function assertCleanText(target: string, schema: ZodType, data: unknown) {
  const found = findTextProblem(schema, data);
  if (found) throw validationFailed(target, { path: found.path, message: TEXT_PROBLEM_MESSAGES[found.problem] });
}

/**
 * `zValidator` whose failures go through the one error model: a 400 naming the first bad field
 * (e.g. `{ code: 'VALIDATION_FAILED', field: 'email', message: 'Please enter your email' }`), and
 * the one place text is checked for control characters and broken Unicode (json, query, param, form).
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationFailed(target, result.error.issues[0]);
    assertCleanText(target, schema, result.data);
  });

/**
 * The same checks for input a route has to read itself (multipart text fields next to files):
 * returns the parsed value or throws the same 400 `validate` would.
 */
export function validateValue<Schema extends ZodType>(target: string, schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(target, result.error.issues[0]);
  assertCleanText(target, schema, result.data);
  return result.data;
}

/**
 * Path parameters come from the path, and some routes read them without a schema (ids looked up
 * as they are): a `%00` there reached PostgreSQL as a NUL and became a 500. One guard for every
 * `/api/*` path: control characters in the decoded path are a 400 naming `path`. (Lone surrogates
 * cannot arise: invalid UTF-8 escapes stay undecoded.)
 */
export const refuseUnsafePath: MiddlewareHandler = async (c, next) => {
  if (textProblem(c.req.path))
    throw new ServiceError('VALIDATION_FAILED', 'The address contains characters that are not allowed', { field: 'path' });
  await next();
};
