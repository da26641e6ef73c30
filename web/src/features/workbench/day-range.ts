/**
 * Local calendar days (YYYY-MM-DD from a date input) as the instants the API filters by. A range
 * whose last day is before its first ends at the start of that last day, before the range begins:
 * the server refuses it and says why. (Ended at the midnight after it, a range one day reversed
 * would be empty, not reversed, and the page would only say that nothing matches.)
 */
export function dayRange(from: string, to: string): { createdFrom?: string; createdBefore?: string } {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const range: { createdFrom?: string; createdBefore?: string } = {};
  if (from) range.createdFrom = startOf(from).toISOString();
  if (to) {
    const after = startOf(to);
    if (!from || to >= from) after.setDate(after.getDate() + 1);
    range.createdBefore = after.toISOString();
  }
  return range;
}
