/**
 * `npm run check:bundle`: the weight budgets (scripts/lib/bundle-budget.ts) against the built SPA
 * (run `npx vite build` first): initial JS for /, what each other route adds to the entry, and every
 * chunk. Exits non-zero over budget, or when the home page's part of the catalogue lacks a message its
 * first render uses. tests/e2e/bundle.e2e.test.ts asserts the same after the e2e build.
 */
import { BUDGET, measureBundle } from './lib/bundle-budget';

const report = measureBundle(process.argv[2] ?? 'dist/web');
console.log(`Initial JS for /: ${report.initialKb} KB gz (budget ${BUDGET.initialKb})`);
for (const c of report.initial) console.log(`  ${String(c.gzKb).padStart(6)}  ${c.file}`);
console.log(`Pre-script on every page: ${report.preScript.gzKb} KB gz (budget ${BUDGET.preScriptKb})  ${report.preScript.file}`);
console.log(`What each other route adds to the entry (budget ${BUDGET.routeKb} KB gz each), largest first:`);
for (const r of report.routes.slice(0, 10)) console.log(`  ${String(r.gzKb).padStart(6)}  ${r.route}`);
console.log(`Largest other chunks (budget ${BUDGET.chunkKb} KB gz each):`);
for (const c of report.chunks.slice(0, 10)) console.log(`  ${String(c.gzKb).padStart(6)}  ${c.file}`);
const over = [
  ...(report.initialKb > BUDGET.initialKb ? ['initial JS for /'] : []),
  ...(report.preScript.gzKb > BUDGET.preScriptKb ? ['pre-script'] : []),
  ...report.routes.filter((r) => r.gzKb > BUDGET.routeKb).map((r) => r.route),
  ...report.chunks.filter((c) => c.gzKb > BUDGET.chunkKb).map((c) => c.file),
];
if (over.length) console.error(`Over budget: ${over.join(', ')}`);
if (report.missingFirstPaintMessages.length)
  console.error(`Messages the first render of / uses but its catalogue part lacks: ${report.missingFirstPaintMessages.join(', ')}`);
if (over.length || report.missingFirstPaintMessages.length) process.exit(1);
