import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the product exactly as the README's `npm start` does (fresh data directory, fresh build),
 * and hands its URL to the tests.
 */
let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn('npx', ['tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: port, DATA_DIR: dataDir, PUBLIC_URL: baseUrl, APP_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  server.stdout!.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
}

export async function teardown() {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
