/** Replaces the previously appended style description (if any) with the new one (spec §4 style selection). */
export function applySuffix(prompt: string, previous: string | undefined, next: string): string {
  let base = prompt.trimEnd();
  if (previous && base.endsWith(`, ${previous}`)) base = base.slice(0, -(previous.length + 2));
  else if (previous && base === previous) base = '';
  return base ? `${base}, ${next}` : next;
}
