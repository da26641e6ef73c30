/**
 * Which of `ids` the code names as string literals: the message ids Lingui's macros compile into
 * `i18n._({ id: "…" })` and `<Trans id="…">`. vite.config.ts splits the home page's part of the catalogue with it; scripts/lib/bundle-budget.ts checks that part.
 */
export function messageIdsIn(code: string, ids: Iterable<string>): Set<string> {
  const names = [...ids].sort((a, b) => b.length - a.length).map((id) => id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const found = new Set<string>();
  if (!names.length) return found;
  for (const match of code.matchAll(new RegExp(`["'\`](${names.join('|')})["'\`]`, 'g'))) found.add(match[1]!);
  return found;
}
