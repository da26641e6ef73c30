/** Local calendar days (YYYY-MM-DD from a date input) as the instants the API filters by. */
export function dayRange(from: string, to: string): { createdFrom?: string; createdBefore?: string } {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const range: { createdFrom?: string; createdBefore?: string } = {};
  if (from) range.createdFrom = startOf(from).toISOString();
  if (to) {
    const after = startOf(to);
    after.setDate(after.getDate() + 1);
    range.createdBefore = after.toISOString();
  }
  return range;
}
