import * as z from 'zod';
import { encodeMessage, say } from './messages';

/**
 * How the API reads numbers that arrive as text (query strings, multipart fields, path segments,
 * and number fields a JSON body may also send as a string). One rule: plain decimal digits, at most
 * {@link MAX_DIGITS} of them, then a range check. `Number()` and `z.coerce` also read `0x10`, `1e3`,
 * `" 7"`, `08`, `+8` and `8.0`, so `?amount=0x10` charged 16 credits; none of those spellings is
 * documented anywhere, and a number that can be written several ways is a number a cache, a limiter
 * or a log sees differently from the service (docs/decisions/024).
 */

/** Digits accepted in one whole number: enough for any bound the API uses, short of float precision loss. */
export const MAX_DIGITS = 10;

/** `^\d+$` with a length bound; a leading zero only for the number 0 itself. */
export const WHOLE_NUMBER = new RegExp(`^(?:0|[1-9]\\d{0,${MAX_DIGITS - 1}})$`);
/** A decimal such as `7.5` for the few fractional fields (cfgScale): digits, one point, digits. */
export const DECIMAL_NUMBER = /^(?:0|[1-9]\d{0,5})(?:\.\d{1,4})?$/;

const tooSmall = (field: string, min: number) => encodeMessage(say('numberTooSmall', { field, min }));
const tooLarge = (field: string, max: number) => encodeMessage(say('numberTooLarge', { field, max }));

/** The range in the OpenAPI document (the range check itself is the pipe's, whose messages name the field). */
const bounds = (minimum: number, maximum: number) => ({ minimum, maximum });
/** The same number spelled as text, its range said in the document. */
const digits = (pattern: RegExp, min: number, max: number) =>
  z
    .string()
    .regex(pattern)
    .meta({ description: `Digits for a number from ${min} to ${max}` })
    .transform(Number);

/** Marks the schemas built here, so tests can find every numeric field of every operation. */
export const numericFields = z.registry<{ kind: 'whole' | 'decimal' }>();

/**
 * A whole number between `min` and `max`, sent as digits (`"20"`) or, in a JSON body, as a JSON
 * integer. `name` is the field's name, for the message.
 */
export function wholeNumber(name: string, min: number, max: number) {
  const schema = z
    .union([z.int().meta(bounds(min, max)), digits(WHOLE_NUMBER, min, max)], {
      error: encodeMessage(say('wholeNumberFormat', { field: name })),
    })
    .pipe(z.int().min(min, tooSmall(name, min)).max(max, tooLarge(name, max)));
  numericFields.add(schema, { kind: 'whole' });
  return schema;
}

/** A number between `min` and `max` that may have a fraction (`7.5`): digits and one point, or a JSON number. */
export function decimalNumber(name: string, min: number, max: number) {
  const schema = z
    .union([z.number().meta(bounds(min, max)), digits(DECIMAL_NUMBER, min, max)], {
      error: encodeMessage(say('decimalNumberFormat', { field: name })),
    })
    .pipe(z.number().min(min, tooSmall(name, min)).max(max, tooLarge(name, max)));
  numericFields.add(schema, { kind: 'decimal' });
  return schema;
}

/**
 * A value from a fixed list of whole numbers (the upscaler's factors), sent as digits, with an
 * optional `x` suffix where the product writes it that way ("4x"), or as a JSON integer.
 */
export function oneOfNumbers<const T extends readonly number[]>(name: string, values: T, options: { suffix?: string } = {}) {
  const spelled = new RegExp(`^(?:${values.join('|')})${options.suffix ? `(?:${options.suffix})?` : ''}$`);
  const message = encodeMessage(say('numberOneOf', { field: name, values: values.join(', ') }));
  const schema = z
    .union(
      [
        z.int().meta({ enum: [...values] }),
        z
          .string()
          .regex(spelled)
          .meta({ description: `One of ${values.join(', ')}${options.suffix ? `, optionally followed by ${options.suffix}` : ''}` })
          .transform((v) => Number.parseInt(v, 10)),
      ],
      { error: message },
    )
    .refine((v) => values.includes(v), message)
    .transform((v) => v as T[number]);
  numericFields.add(schema, { kind: 'whole' });
  return schema;
}
