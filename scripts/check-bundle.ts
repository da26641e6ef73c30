/**
 * `npm run check:bundle`: the issue-16 weight budgets against the built SPA (run `npx vite build`
 * first): initial JS for / ≤ 150 KB gz, every other chunk ≤ 50 KB gz. Exits non-zero over budget.
 * tests/e2e/bundle.e2e.test.ts asserts the same after the e2e build.
 */
import { BUDGET, measureBundle } from './lib/bundle-budget';

const report = measureBundle(process.argv[2] ?? 'dist/web');
console.log(`Initial JS for /: ${report.initialKb} KB gz (budget ${BUDGET.initialKb})`);
for (const c of report.initial) console.log(`  ${String(c.gzKb).padStart(6)}  ${c.file}`);
console.log(`Largest other chunks (budget ${BUDGET.chunkKb} KB gz each):`);
for (const c of report.chunks.slice(0, 10)) console.log(`  ${String(c.gzKb).padStart(6)}  ${c.file}`);
const over = report.chunks.filter((c) => c.gzKb > BUDGET.chunkKb);
if (report.initialKb > BUDGET.initialKb || over.length) {
  console.error(`Over budget: ${report.initialKb > BUDGET.initialKb ? 'initial JS; ' : ''}${over.map((c) => c.file).join(', ')}`);
  process.exit(1);
}
