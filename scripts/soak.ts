/**
 * `npm run soak`: the randomized two-process soak (scripts/lib/soak.ts) against a fresh database on
 * the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 *
 *   SOAK_MINUTES=3 SEED=42 npm run soak
 *
 * SOAK_LOG_DIR=<dir> keeps each server's stderr there (server-<port>.log), to explain a 5xx.
 *
 * Prints the operations by kind, the failures by status (the 5xx again on their own), the kills,
 * the claimed files the claim sweep removed and the invariant violations, and exits non-zero on
 * any violation.
 */
import { runSoak } from './lib/soak';

const minutes = Number(process.env.SOAK_MINUTES ?? process.argv[2] ?? 3);
const seed = Number(process.env.SEED ?? Date.now() % 1_000_000);
const report = await runSoak({
  seconds: Math.round(minutes * 60),
  seed,
  adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
});
const table = (title: string, rows: Record<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, n] of Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${key.padEnd(28)} ${n}`);
};
console.log(`\nSoak: seed ${report.seed}, ${report.seconds} s, ${report.kills} kill -9, ${report.terminatedBackends} backends terminated`);
table('Operations by kind', report.operations);
table('Failures by status', report.failures);
table('Jobs by status', report.jobs);
const serverErrors = Object.entries(report.failures).filter(([key]) => / 5\d\d( |$)/.test(key));
console.log(`\nServer errors (5xx): ${serverErrors.reduce((sum, [, n]) => sum + n, 0)}`);
for (const [key, n] of serverErrors) console.log(`  ${key.padEnd(28)} ${n}`);
console.log(`\nClaimed files of work a kill cut short, removed by the claim sweep: ${report.claimedFilesSwept}`);
console.log(`\nInvariant violations: ${report.violations.length}`);
for (const line of report.violations.slice(0, 50)) console.log(`  ${line}`);
process.exit(report.violations.length ? 1 : 0);
