/**
 * A text field's length rule, checked in the browser before anything is sent, with the numbers the
 * page says: the server trims and then counts UTF-16 units (zod's `.min`/`.max` on a trimmed
 * string), so the page counts the same way and never lets through a text the server refuses.
 * The limits themselves come from the shared contract (worker/contract: tools, face swap, prompts).
 */
export interface TextLimit {
  /** Fewest characters after trimming; 0 when the field may be empty. */
  min?: number;
  max: number;
  /** The field must not be empty (a required field with `min` 0 still needs one character). */
  required?: boolean;
}

export type TextLimitState =
  | { kind: 'ok'; length: number }
  | { kind: 'empty'; length: 0 }
  | { kind: 'too-short'; length: number; missing: number }
  | { kind: 'too-long'; length: number; over: number };

export function checkTextLimit(value: string, { min = 0, max, required = false }: TextLimit): TextLimitState {
  const length = value.trim().length;
  if (length > max) return { kind: 'too-long', length, over: length - max };
  if (length === 0 && (required || min > 0)) return { kind: 'empty', length: 0 };
  if (length > 0 && length < min) return { kind: 'too-short', length, missing: min - length };
  return { kind: 'ok', length };
}

/** Whether the text may be sent as it is. */
export const withinLimit = (state: TextLimitState) => state.kind === 'ok';
