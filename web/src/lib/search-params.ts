/**
 * Search-param validation for routes without zod in the browser bundle (zod cost every
 * page ~60 KB gzipped). A bad or oversized value is dropped, like zod's `.optional().catch(undefined)`.
 * The router JSON-parses query values, so an all-digit value arrives as a number: it is read as text.
 */
type Reader = (value: unknown) => unknown;

export const text =
  (max: number) =>
  (value: unknown): string | undefined => {
    const s = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    return s !== undefined && s.length <= max ? s : undefined;
  };

export const oneOf =
  <T extends string>(options: readonly T[]) =>
  (value: unknown): T | undefined =>
    options.includes(value as T) ? (value as T) : undefined;

/** A route's `validateSearch`: every key optional on the way in and out. */
export function searchParams<S extends Record<string, Reader>>(spec: S) {
  return (input: { [K in keyof S]?: unknown }): { [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined> } => {
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(spec)) {
      const value = read((input as Record<string, unknown>)[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as { [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined> };
  };
}
