import { describe, expect, it } from 'vitest';
import { runSoak } from '../../scripts/lib/soak';

/**
 * The randomized soak, short and seeded (docs/decisions/059-measured-deadlines.md): two server
 * processes on one PostgreSQL database, a random mix from several users, one `kill -9` and one
 * termination of every database connection; afterwards every invariant holds. PostgreSQL only
 * (DATABASE_URL_TEST, set by `npm run test:integration`): the two processes share its database.
 */
const serverUrl = process.env.DATABASE_URL_TEST;

describe.skipIf(!serverUrl)('the soak on PostgreSQL', () => {
  it('keeps every invariant through 30 s of random work, a kill -9 and dropped connections', async () => {
    const lines: string[] = [];
    const report = await runSoak({
      seconds: 30,
      seed: 20261206,
      adminUrl: serverUrl!,
      kills: 1,
      users: 3,
      log: (line) => lines.push(line),
    });
    const summary = JSON.stringify({ ...report, log: lines }, null, 1);
    expect(report.kills, summary).toBe(1);
    expect(report.terminatedBackends, summary).toBeGreaterThan(0);
    expect(
      Object.values(report.operations).reduce((a, b) => a + b, 0),
      summary,
    ).toBeGreaterThan(10);
    expect(report.violations, summary).toEqual([]);
  }, 900_000);
});
