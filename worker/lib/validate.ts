import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import * as z from 'zod';
import { ServiceError } from '../contract/errors';
import { decodeMessage, encodeMessage, type Message, say } from '../contract/messages';
import { findTextProblem, TEXT_PROBLEM_MESSAGES, textProblem } from '../contract/text';

/**
 * What zod says for an issue no schema gave a message of its own, as an encoded message id
 * (worker/contract/messages.ts): `validationFailed` renders it in the caller's language, with the
 * field's name. Installed once for every schema the Worker parses.
 */
function builtInIssueMessage(issue: z.core.$ZodRawIssue): string {
  const sized = (limit: unknown) => Number(limit);
  switch (issue.code) {
    case 'invalid_type':
      return encodeMessage(issue.input === undefined ? say('fieldRequired', { field: '' }) : say('fieldInvalid', { field: '' }));
    case 'too_big':
      if (issue.origin === 'string') return encodeMessage(say('textTooLong', { max: sized(issue.maximum) }));
      if (issue.origin === 'array' || issue.origin === 'set')
        return encodeMessage(say('tooManyItems', { field: '', max: sized(issue.maximum) }));
      return encodeMessage(say('numberTooLarge', { field: '', max: sized(issue.maximum) }));
    case 'too_small':
      if (issue.origin === 'string')
        return encodeMessage(
          sized(issue.minimum) <= 1 ? say('fieldRequired', { field: '' }) : say('textTooShort', { min: sized(issue.minimum) }),
        );
      if (issue.origin === 'array' || issue.origin === 'set')
        return encodeMessage(say('tooFewItems', { field: '', min: sized(issue.minimum) }));
      return encodeMessage(say('numberTooSmall', { field: '', min: sized(issue.minimum) }));
    case 'invalid_value':
      return encodeMessage(say('fieldChoice', { field: '', options: issue.values.map(String).join(', ') }));
    case 'unrecognized_keys':
      // The key is the caller's text: named only when it has a field name's shape.
      return encodeMessage(say('fieldNotAllowed', { field: fieldName([issue.keys[0] ?? '']) || '' }));
    default:
      return encodeMessage(say('fieldInvalid', { field: '' }));
  }
}
z.config({ customError: builtInIssueMessage });

/** The longest path segment, and whole field name, an error body repeats. The contracts' own names are far shorter. */
export const FIELD_SEGMENT_MAX = 40;
export const FIELD_NAME_MAX = 100;

/**
 * A path segment an error may repeat: an array index, or a name shaped like the contracts' own field
 * names (letters, digits, `_`). A segment can be a key the client chose (a record key, an unknown
 * option): `<img src=x>` must never come back in `field`, so the name stops at the first segment of
 * any other shape and names the object that holds it.
 */
const NAMED_SEGMENT = new RegExp(`^(?:\\d{1,6}|[A-Za-z][A-Za-z0-9_]{0,${FIELD_SEGMENT_MAX - 1}})$`);

/** The field an error names, bounded, built only from segments of {@link NAMED_SEGMENT}'s shape. */
export function fieldName(path: readonly PropertyKey[]): string {
  const named: string[] = [];
  for (const segment of path) {
    const text = String(segment);
    if (!NAMED_SEGMENT.test(text)) break;
    named.push(text);
  }
  const name = named.join('.');
  return name.length > FIELD_NAME_MAX ? `${name.slice(0, FIELD_NAME_MAX - 1)}…` : name;
}

/**
 * The 400 for a failed parse: the first issue's message (an encoded message id: a schema's own or
 * {@link builtInIssueMessage}'s) naming the field it is about.
 */
export function validationFailed(target: string, issue: { path: PropertyKey[]; message: string } | undefined): ServiceError {
  const field = (issue && fieldName(issue.path)) || target;
  const named = (message: Message): Message =>
    'field' in message.params && !message.params.field ? ({ ...message, params: { ...message.params, field } } as Message) : message;
  const said = (issue && decodeMessage(issue.message, { field })) ?? say('fieldInvalid', { field });
  return new ServiceError('VALIDATION_FAILED', named(said), { field });
}

/**
 * Refuses control characters, unpaired surrogates and (outside fields marked `multiline`) line
 * breaks anywhere in an already parsed value (worker/contract/text.ts), naming the field.
 */
export function assertCleanText(target: string, schema: z.ZodType, data: unknown) {
  const found = findTextProblem(schema, data);
  if (found) throw validationFailed(target, { path: found.path, message: encodeMessage(say(TEXT_PROBLEM_MESSAGES[found.problem])) });
}

/**
 * `zValidator` whose failures go through the one error model: a 400 naming the first bad field
 * (e.g. `{ code: 'VALIDATION_FAILED', field: 'email', message: 'Please enter your email' }`), and
 * the one place text is checked for control characters and broken Unicode (json, query, param, form).
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationFailed(target, result.error.issues[0]);
    assertCleanText(target, schema, result.data);
  });

/**
 * The same checks for input a route has to read itself (multipart text fields next to files):
 * returns the parsed value or throws the same 400 `validate` would.
 */
export function validateValue<Schema extends z.ZodType>(target: string, schema: Schema, value: unknown): z.output<Schema> {
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
  if (textProblem(c.req.path)) throw new ServiceError('VALIDATION_FAILED', 'unsafeAddress', { field: 'path' });
  await next();
};
