/**
 * `npm run test:e2e`. On CI (CI=true) a missing Chromium is a failure; on a laptop without it the
 * suite says how to install it and steps aside, so `npm test` stays usable everywhere.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { ensureSpaBuild } from '@scripts/lib/spa-build';
import { CHROMIUM } from './browser';

/**
 * The suite runs as shards side by side, each a vitest process with its own `npm start` server,
 * data directory and Google stand-in (global-setup.ts), so a test that fills one server's engine
 * never queues another shard's jobs. One shard per core: on the 2-core machine two shards took the
 * suite from 1,172 s to ~700 s once the browser was the headless shell, and three were slower again
 * (every core busy, each file 1.5–2.5× slower; docs/decisions/040). E2E_SHARDS overrides it.
 */
const DEFAULT_SHARDS = Math.max(1, availableParallelism());

/**
 * Seconds each file took in a two-shard run on an idle 2-core machine: the shards are balanced by
 * these (longest first, each to the lightest shard). A file missing here counts as a typical one.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'job-follow.e2e.test.ts': 155,
  'tools.e2e.test.ts': 112,
  'a11y.e2e.test.ts': 105,
  'accounts.e2e.test.ts': 100,
  'generation-options.e2e.test.ts': 100,
  'payments.e2e.test.ts': 99,
  'polish.e2e.test.ts': 76,
  'upscaler.e2e.test.ts': 60,
  'create.e2e.test.ts': 49,
  'face-swap.e2e.test.ts': 46,
  'landing.e2e.test.ts': 44,
  'account-data.e2e.test.ts': 31,
  'keyboard.e2e.test.ts': 28,
  'receipts.e2e.test.ts': 27,
  'share-links.e2e.test.ts': 25,
  'upscaler-follow.e2e.test.ts': 23,
  'security.e2e.test.ts': 20,
  'job-limits.e2e.test.ts': 20,
  'sign-in.e2e.test.ts': 15,
  'logo.e2e.test.ts': 15,
  'queue.e2e.test.ts': 14,
  'creations-search.e2e.test.ts': 9,
  'email-language.e2e.test.ts': 5,
};
const TYPICAL_SECONDS = 30;

if (!existsSync(CHROMIUM)) {
  const message = `Browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium chromium-headless-shell fonts-noto-cjk).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping them on this machine.`);
  process.exit(0);
}

// Always test the current sources: the SPA is rebuilt unless dist/web was built after the last change
// to any build input (the workerd suite, run before this one by `npm test`, builds through the same
// helper), so a stale dist/web cannot pass for the sources and one run never builds twice.
try {
  if (ensureSpaBuild() === 'reused') console.log('dist/web is newer than every build input: reusing it.');
} catch {
  process.exit(1);
}
const args = process.argv.slice(2);
// Named test files run in one process, as asked; the whole suite runs in shards. (A name filter that is
// not a file path, like `tools`, would run in every shard: use E2E_SHARDS=1 with it.)
const namesFiles = args.some((arg) => arg.endsWith('.ts'));
const shardCount = namesFiles ? 1 : Math.max(1, Number(process.env.E2E_SHARDS) || DEFAULT_SHARDS);
const shards = shardCount === 1 ? [[]] : planShards(shardCount);
const codes = await Promise.all(shards.map((files, i) => runShard(files, args, shardCount === 1 ? '' : `[e2e ${i + 1}/${shardCount}] `)));
process.exit(codes.find((code) => code !== 0) ?? 0);

/** Splits the suite's files into `count` shards of about equal measured time. */
function planShards(count: number): string[][] {
  const files = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .map((name) => ({ name, seconds: MEASURED_SECONDS[name] ?? TYPICAL_SECONDS }))
    .sort((a, b) => b.seconds - a.seconds);
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of files) {
    const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(`tests/e2e/${file.name}`);
    lightest.seconds += file.seconds;
  }
  return shards.map((shard) => shard.files);
}

/** Runs vitest on `files` (all of the suite when empty), each output line prefixed with the shard's name. */
function runShard(files: string[], args: string[], prefix: string): Promise<number> {
  const child = spawn('npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', ...args, ...files], {
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (prefix) {
    for (const [stream, out] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}
