const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A prefixed random id (`usr_…`, `ord_…`) for anything that appears in a URL (DESIGN.md §3.5).
 * 16 base-36 characters from the CSPRNG ≈ 82 bits: unguessable and collision-free in practice.
 */
export function newId(prefix: string, length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 36];
  return `${prefix}_${out}`;
}
