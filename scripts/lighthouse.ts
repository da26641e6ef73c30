/**
 * `npm run lighthouse`: Lighthouse (mobile preset — its default config) on /, /ai-workbench,
 * /pricing, /ai-tools/anime-style and /image-upscaler against `npm start` on a fresh data directory, in Debian's Chromium. Prints the median
 * of RUNS runs per page for performance, accessibility and best practices (goal: ≥ 95 each, and TBT ≤ 200 ms) and
 * writes the summary to tests/e2e/artifacts/lighthouse.json. Not part of CI: a full run takes
 * minutes and its timings depend on the machine's load.
 *
 *   npm run lighthouse                 # 3 runs each
 *   RUNS=1 npm run lighthouse -- /showcase
 *   BASE_URL=http://127.0.0.1:8787 npm run lighthouse   # a server that is already running
 *   LHR_DIR=/tmp/lhr npm run lighthouse  # also keeps each run's full report and trace (JSON) to profile
 *   CPU_SLOWDOWN=8 npm run lighthouse     # a slower phone than the preset's 4× (a fast machine reads TBT ≈ 0)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PATHS = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/ai-workbench', '/pricing', '/ai-tools/anime-style', '/image-upscaler'];
const RUNS = Number(process.env.RUNS ?? 3);
/** The mobile preset's simulated network, with its CPU multiplier (4) replaced when CPU_SLOWDOWN is set. */
const THROTTLING = process.env.CPU_SLOWDOWN
  ? { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: Number(process.env.CPU_SLOWDOWN) }
  : undefined;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

if (!process.env.BASE_URL && !existsSync('dist/web/index.html')) {
  console.error('Build the SPA first: npx vite build');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'studio-lighthouse-'));
const port = 30_000 + Math.floor(Math.random() * 10_000);
const base = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;
const server = process.env.BASE_URL
  ? undefined
  : spawn('npx', ['tsx', 'scripts/start.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, APP_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
const stop = () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  const summary: Record<string, Record<string, number>> = {};
  for (const path of PATHS) {
    const runs: Record<string, number>[] = [];
    // A run Lighthouse could not trace (NO_NAVSTART now and then in headless Chromium) is retried, not
    // counted: its NaN metrics would make the median meaningless.
    for (let attempt = 0, i = 0; i < RUNS && attempt < RUNS + 3; attempt++) {
      // A fresh browser per run: no warm cache carried from one run to the next.
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
      try {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(THROTTLING && { throttling: THROTTLING }),
        });
        const lhr = result!.lhr;
        if (lhr.runtimeError) {
          console.log(`  ${path} run failed (${lhr.runtimeError.code}), trying again`);
          continue;
        }
        i++;
        if (process.env.LHR_DIR) {
          mkdirSync(process.env.LHR_DIR, { recursive: true });
          const name = `${path.replace(/\W+/g, '_') || '_'}-${i}.json`;
          writeFileSync(join(process.env.LHR_DIR, name), JSON.stringify(lhr));
          writeFileSync(join(process.env.LHR_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(result!.artifacts.Trace));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
        const failing = Object.values(lhr.audits).filter(
          (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
        );
        if (i === 1 && failing.length)
          console.log(`  ${path} audits under 0.9: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
      } finally {
        await chrome.kill();
      }
    }
    const median = (key: string) => {
      const values = runs.map((r) => r[key]!).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    };
    if (!runs.length) throw new Error(`${path}: every Lighthouse run failed`);
    summary[path] = Object.fromEntries(Object.keys(runs[0]!).map((k) => [k, Math.round(median(k) * 1000) / 1000]));
    const s = summary[path]!;
    console.log(
      `${path.padEnd(14)} performance ${s.performance}  accessibility ${s.accessibility}  best-practices ${s['best-practices']}  ` +
        `(FCP ${Math.round(s.fcpMs!)} ms, LCP ${Math.round(s.lcpMs!)} ms, TBT ${Math.round(s.tbtMs!)} ms, CLS ${s.cls}; median of ${RUNS}` +
        `${THROTTLING ? `, CPU ${THROTTLING.cpuSlowdownMultiplier}× slower` : ''})`,
    );
  }
  mkdirSync('tests/e2e/artifacts', { recursive: true });
  writeFileSync('tests/e2e/artifacts/lighthouse.json', JSON.stringify({ runs: RUNS, summary }, null, 2));
  const below = Object.entries(summary).filter(([, s]) => CATEGORIES.some((c) => s[c]! < 95));
  if (below.length) console.log(`Below 95: ${below.map(([p]) => p).join(', ')}`);
  const blocking = Object.entries(summary).filter(([, s]) => s.tbtMs! > 200);
  if (blocking.length) console.log(`TBT over 200 ms: ${blocking.map(([p]) => p).join(', ')}`);
} finally {
  stop();
}
